//! A player's connection to a club server: connects out, signs in with his key, and hands
//! over what the server sends through a channel (a reader thread), so a headless player and
//! the window can both poll it.

use std::net::{Shutdown, TcpStream, ToSocketAddrs};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use ed25519_dalek::SigningKey;

use super::identity;
use super::protocol::{MAX_FROM_SERVER, ToClient, ToServer, read_frame, write_frame};

/// A signed-in connection to a club server.
pub struct Client {
    stream: TcpStream,
    key: SigningKey,
    /// What the server sends, in order; closed when the connection is.
    pub incoming: Receiver<ToClient>,
    /// The server's name.
    pub server: String,
}

impl Client {
    /// Connects to `address` (`host:port`) and signs in as `name` with `key`, waiting at most
    /// `wait` for each step.
    ///
    /// Errors: the address does not resolve, the server does not answer, or it refused the
    /// sign-in (its reason).
    pub fn connect(
        address: &str,
        key: SigningKey,
        name: &str,
        wait: Duration,
    ) -> Result<Self, String> {
        let addr = address
            .to_socket_addrs()
            .map_err(|e| format!("{address}: {e}"))?
            .next()
            .ok_or_else(|| format!("{address}: no such address"))?;
        let stream = TcpStream::connect_timeout(&addr, wait)
            .map_err(|e| format!("{address}: cannot connect: {e}"))?;
        let _ = stream.set_nodelay(true);
        stream
            .set_read_timeout(Some(wait))
            .map_err(|e| e.to_string())?;
        let mut reader = stream.try_clone().map_err(|e| e.to_string())?;
        let mut writer = stream.try_clone().map_err(|e| e.to_string())?;
        let (nonce, server) = match read_frame::<ToClient>(&mut reader, MAX_FROM_SERVER) {
            Ok(ToClient::Challenge { nonce, server }) => (nonce, server),
            Ok(other) => return Err(format!("{address}: not a club server ({other:?})")),
            Err(e) => return Err(format!("{address}: not a club server: {e}")),
        };
        let public = identity::public(&key);
        let signature = identity::sign(&key, &identity::sign_in_message(&nonce, name, &public));
        write_frame(
            &mut writer,
            &ToServer::SignIn {
                name: name.to_string(),
                public,
                signature,
            },
        )
        .map_err(|e| format!("{address}: {e}"))?;
        match read_frame::<ToClient>(&mut reader, MAX_FROM_SERVER) {
            Ok(ToClient::SignedIn { .. }) => {}
            Ok(ToClient::Refused { reason, .. }) => return Err(format!("{address}: {reason}")),
            Ok(other) => return Err(format!("{address}: unexpected {other:?}")),
            Err(e) => return Err(format!("{address}: {e}")),
        }
        stream.set_read_timeout(None).map_err(|e| e.to_string())?;
        let (tx, incoming) = channel();
        std::thread::spawn(move || {
            while let Ok(message) = read_frame::<ToClient>(&mut reader, MAX_FROM_SERVER) {
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        Ok(Self {
            stream,
            key,
            incoming,
            server,
        })
    }

    /// Signs in to `address` as `name` with `key`, asks for the lobby and leaves: the server's
    /// name and how many of the player's games wait for his move ([`super::protocol::moves_waiting`]).
    /// What the title says of the remembered server before anyone presses Connect (issue 63),
    /// waiting at most `wait` for each step.
    ///
    /// Errors: as [`Client::connect`], or no lobby within `wait`.
    pub fn glance(
        address: &str,
        key: SigningKey,
        name: &str,
        wait: Duration,
    ) -> Result<(String, usize), String> {
        let mut client = Self::connect(address, key, name, wait)?;
        client.send(&ToServer::Lobby)?;
        let deadline = std::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match client.incoming.recv_timeout(left) {
                Ok(ToClient::Lobby { mine, .. }) => {
                    return Ok((client.server.clone(), super::protocol::moves_waiting(&mine)));
                }
                Ok(_) => {}
                Err(_) => return Err(format!("{address}: no lobby within {} s", wait.as_secs())),
            }
        }
    }

    /// Sends `message`.
    ///
    /// Errors: the connection failed.
    pub fn send(&mut self, message: &ToServer) -> Result<(), String> {
        write_frame(&mut self.stream, message).map_err(|e| format!("the server: {e}"))
    }

    /// Sends a command for game `game`, which held `index` commands when it was made, signed.
    ///
    /// Errors: the connection failed.
    pub fn play(&mut self, game: u64, index: usize, ron: &str) -> Result<(), String> {
        let signature = identity::sign(&self.key, &identity::command_message(game, index, ron));
        self.send(&ToServer::Play {
            game,
            ron: ron.to_string(),
            index,
            signature,
        })
    }

    /// This player's part of game `game`'s seed.
    pub fn part(&self, game: u64) -> String {
        identity::seed_part(&self.key, game)
    }

    /// This player's public key, base64.
    pub fn public(&self) -> String {
        identity::public(&self.key)
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}
