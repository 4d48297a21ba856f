//! The wire: bevy_replicon's messages over renet's netcode (UDP). The connection's key is
//! drawn from the join code ([`super::code::key`]): netcode encrypts and authenticates every
//! packet with it, so a stranger without the code cannot connect and a packet changed on the
//! way is dropped before anything reads it.

use std::net::{Ipv4Addr, SocketAddr, UdpSocket};
use std::time::SystemTime;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::netcode::{
    ClientAuthentication, ConnectToken, NetcodeClientTransport, NetcodeServerTransport,
    ServerAuthentication, ServerConfig,
};
use bevy_replicon_renet::renet::ConnectionConfig;
use bevy_replicon_renet::{RenetChannelsExt, RenetClient, RenetServer, RepliconRenetPlugins};

use super::protocol::{ToGuest, ToHost};

/// The most guests one game seats (a four-player warband game has three).
pub const MAX_GUESTS: usize = 8;

/// An address every connect token names besides the one dialled, which every host lists as
/// its own: the key, not the address, is what proves a guest, and a host behind a router
/// does not know the address its guests dial.
const ANY: SocketAddr = SocketAddr::new(std::net::IpAddr::V4(Ipv4Addr::UNSPECIFIED), 0);

/// The networking plugins and the two messages, for the app of a host or a guest.
pub fn plugin(app: &mut App) {
    if !app.is_plugin_added::<StatesPlugin>() {
        app.add_plugins(StatesPlugin);
    }
    // The server ticks every update, not on the fixed 64 Hz clock: nothing is replicated, and
    // a message waits for the next tick (up to 16 ms more a command).
    app.add_plugins((
        RepliconPlugins.set(ServerPlugin::new(PostUpdate)),
        RepliconRenetPlugins,
    ))
    .add_client_message::<ToHost>(Channel::Ordered)
    .add_server_message::<ToGuest>(Channel::Ordered);
}

/// A headless app of the networking alone (`holotable host`/`join --commands`, benchmarks):
/// updated by hand, each update sending and receiving what is due.
pub fn app() -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    plugin(&mut app);
    // Replicon settles its channels when the plugins finish; `run` would do this.
    app.finish();
    app.cleanup();
    app.update();
    app
}

fn now() -> std::time::Duration {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default()
}

fn connection(world: &World) -> ConnectionConfig {
    let channels = world.resource::<RepliconChannels>();
    ConnectionConfig {
        server_channels_config: channels.server_configs(),
        client_channels_config: channels.client_configs(),
        ..Default::default()
    }
}

/// Starts listening on UDP `port` (every interface; 0: any free port) for guests with `code`.
/// Returns the port listened on.
///
/// Errors: the port cannot be bound (in use, or not allowed), in words.
pub fn listen(world: &mut World, port: u16, code: &str) -> Result<u16, String> {
    // An earlier game's socket goes first, so its port can be listened on again.
    forget(world);
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, port))
        .map_err(|e| format!("cannot listen on port {port}: {e}"))?;
    let port = socket.local_addr().map_err(|e| e.to_string())?.port();
    let config = ServerConfig {
        current_time: now(),
        max_clients: MAX_GUESTS,
        protocol_id: super::code::protocol_id(code),
        authentication: ServerAuthentication::Secure {
            private_key: super::code::key(code),
        },
        public_addresses: vec![ANY],
    };
    let transport = NetcodeServerTransport::new(config, socket)
        .map_err(|e| format!("cannot listen on port {port}: {e}"))?;
    let server = RenetServer::new(connection(world));
    world.remove_resource::<RenetServer>();
    world.remove_resource::<NetcodeServerTransport>();
    world.insert_resource(server);
    world.insert_resource(transport);
    Ok(port)
}

/// Starts connecting to the host at `addr` with the join code `code`.
///
/// Errors: no local socket, or the code makes no token (in words).
pub fn connect(world: &mut World, addr: SocketAddr, code: &str) -> Result<(), String> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0))
        .map_err(|e| format!("cannot open a socket: {e}"))?;
    let client_id: u64 = rand::random();
    let token = ConnectToken::generate(
        now(),
        super::code::protocol_id(code),
        300,
        client_id,
        // Seconds without a packet before either end counts the connection dropped.
        5,
        vec![addr, ANY],
        None,
        &super::code::key(code),
    )
    .map_err(|e| format!("cannot make a connect token: {e}"))?;
    let transport = NetcodeClientTransport::new(
        now(),
        ClientAuthentication::Secure {
            connect_token: token,
        },
        socket,
    )
    .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
    let client = RenetClient::new(connection(world));
    // A new client, not an old one overwritten: replicon counts a connection from the
    // client's arrival.
    world.remove_resource::<RenetClient>();
    world.remove_resource::<NetcodeClientTransport>();
    world.insert_resource(client);
    world.insert_resource(transport);
    Ok(())
}

/// Closes the connection or stops listening.
pub fn close(world: &mut World) {
    if let Some(mut c) = world.get_resource_mut::<RenetClient>() {
        c.disconnect();
    }
    if let Some(mut s) = world.get_resource_mut::<RenetServer>() {
        s.disconnect_all();
    }
}

/// Lets the connection go: its socket closes (the other end counts it dropped after a few
/// seconds without a packet, if [`close`] could not tell it).
pub fn forget(world: &mut World) {
    world.remove_resource::<RenetClient>();
    world.remove_resource::<NetcodeClientTransport>();
    world.remove_resource::<RenetServer>();
    world.remove_resource::<NetcodeServerTransport>();
}

/// The connections of the guests connected now, as the host's peer ids.
pub fn guests(world: &mut World) -> Vec<u64> {
    let mut q = world.query_filtered::<Entity, With<AuthorizedClient>>();
    q.iter(world).map(|e| e.to_bits()).collect()
}

/// Takes the guests' messages that arrived, each with its sender's peer id.
pub fn take_from_guests(world: &mut World) -> Vec<(u64, ToHost)> {
    let Some(mut messages) = world.get_resource_mut::<Messages<FromClient<ToHost>>>() else {
        return Vec::new();
    };
    messages
        .drain()
        .filter_map(|m| match m.client_id {
            ClientId::Client(e) => Some((e.to_bits(), m.message)),
            ClientId::Server => None,
        })
        .collect()
}

/// Sends `message` to guest `peer`.
pub fn send_to_guest(world: &mut World, peer: u64, message: ToGuest) {
    let Some(entity) = Entity::try_from_bits(peer) else {
        return;
    };
    world.write_message(ToClients {
        targets: SendTargets::Single(ClientId::Client(entity)),
        message,
    });
}

/// Takes the host's messages that arrived.
pub fn take_from_host(world: &mut World) -> Vec<ToGuest> {
    let Some(mut messages) = world.get_resource_mut::<Messages<ToGuest>>() else {
        return Vec::new();
    };
    messages.drain().collect()
}

/// Sends `message` to the host.
pub fn send_to_host(world: &mut World, message: ToHost) {
    world.write_message(message);
}

/// Where the guest's connection stands.
pub fn guest_state(world: &World) -> ClientState {
    world
        .get_resource::<State<ClientState>>()
        .map(|s| *s.get())
        .unwrap_or(ClientState::Disconnected)
}
