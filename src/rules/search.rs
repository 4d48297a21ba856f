//! The searching opponent: open-loop Monte-Carlo tree search over a rule set's sensible
//! commands, shared by every rule set that gives its game as plain data ([`Searchable`]).
//!
//! Why this search: the games are long, random at almost every command and often hidden in
//! part, so neither minimax nor a hand-made score one move ahead fits. Open-loop MCTS keys the
//! tree by the commands played, not by the states they led to, so each iteration throws its own
//! dice (and deals what the searching side cannot see anew, [`Searchable::sample_hidden`]) and
//! the tree averages over them; rollouts are the rule set's plain policy cut off after a few
//! commands and scored ([`Searchable::score`]), since a whole game per iteration costs too
//! much for a 1 s decision. No well-kept crate does open-loop search with chance and hidden
//! information over our own command types (`mcts` is unmaintained since 2019 and closed-loop),
//! so it is this one small, generic file.
//!
//! Determinism: the same state, side, seed, [`Budget::Playouts`] and [`Settings::threads`]
//! give the same choice.
//!
//! Both cores: with [`Settings::threads`] above one, each thread grows its own tree from its
//! own seed and the roots' counts are summed (root parallelism). The trees share nothing while
//! they grow, so there are no locks to wait on, and a decision made of several trees averages
//! out some of one tree's noise; docs/opponents.md measures it against one tree.

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::dice::Dice;

/// A game the search can play forward by itself: the whole state as plain data, cloned for
/// each iteration.
pub trait Searchable: Clone + Send {
    /// A player's intent, as the rule set's scripts write it.
    type Command: Clone + PartialEq + std::fmt::Debug + Send;
    /// The side that acts now (index in the scenario's sides), `None` when the game is over.
    fn to_act(&self) -> Option<usize>;
    /// How many sides play.
    fn sides(&self) -> usize;
    /// The sensible commands of the side to act, best first by the rule set's plain policy:
    /// not every inch of a move, a handful of destinations per piece. Each should be one the
    /// rules accept now; one refused is skipped. Empty only when the game is over.
    fn candidates(&self) -> Vec<Self::Command>;
    /// What the plain policy would play now, best first: a rollout plays the first the rules
    /// accept. It should be cheap, as a rollout asks it at every command. The default:
    /// [`Searchable::candidates`].
    fn plain(&self) -> Vec<Self::Command> {
        self.candidates()
    }
    /// Plays `command` with `dice`, as the rule set's own pipeline would.
    ///
    /// Errors: the rule that refuses it; the state is then as it was (the dice may have
    /// moved on).
    fn play(&mut self, command: &Self::Command, dice: &mut Dice) -> Result<(), String>;
    /// How good the game stands for `side`, from 0 (lost) to 1 (won): a finished game's
    /// result (a draw 0.5), an unfinished one's estimate.
    fn score(&self, side: usize) -> f32;
    /// Deals anew what `side` cannot see (a face-down counter, a hidden unit's hex, the
    /// deck's order), so the search never reads another side's secrets. The default: the
    /// game hides nothing.
    fn sample_hidden(&mut self, side: usize, rng: &mut ChaCha8Rng) {
        let _ = (side, rng);
    }
    /// Whether [`Searchable::sample_hidden`] leaves the game as it is for `side` now, so
    /// that every iteration starts from the same state and the root's sensible commands are
    /// worked out once a decision, not once an iteration. The default: `false`, always safe.
    fn hides_nothing_from(&self, side: usize) -> bool {
        let _ = side;
        false
    }
}

/// A search to run on any thread: the game as plain data, taken when the job was made, searched
/// when it runs (the window thinks in the background, the balance report at once).
pub type Job<C> = Box<dyn FnOnce() -> Option<Choice<C>> + Send>;

/// The job that searches `game` with `settings` ([`choose`]).
pub fn job<S: Searchable + Send + 'static>(game: S, settings: Settings) -> Job<S::Command>
where
    S::Command: Send,
{
    Box::new(move || choose(&game, &settings))
}

/// The candidate of `game` that `pick` chooses (modulo their number), if it has any: a legal
/// move for the side to act, as the search weighs them.
pub fn pick_candidate<S: Searchable>(game: &S, pick: u64) -> Option<S::Command> {
    let mut all = game.candidates();
    if all.is_empty() {
        return None;
    }
    let at = (pick % all.len() as u64) as usize;
    Some(all.swap_remove(at))
}

/// `commands` without repeats, first place kept: sensible commands gathered by several rules
/// of thumb often name one twice, and the tree should weigh it once.
pub fn unique<C: PartialEq>(commands: impl IntoIterator<Item = C>) -> Vec<C> {
    let mut out: Vec<C> = Vec::new();
    for c in commands {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// A decided game's score for `side`, won by `winner` (none: a draw): 1 won, 0 lost (another
/// side won), 0.5 drawn.
pub fn decided(winner: Option<usize>, side: usize) -> f32 {
    match winner {
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// How long the search thinks over one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// So many iterations: the same choice every time for one seed (`--playouts N`).
    Playouts(u32),
    /// So much wall time (`--think MS`; the setting's default 1 s).
    Millis(u64),
}

/// The search's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// How long it thinks.
    pub budget: Budget,
    /// The seed of its sampled dice and deals.
    pub seed: u64,
    /// Commands a rollout plays by the plain policy before the game is scored.
    pub rollout: u32,
    /// UCB1's exploration constant.
    pub exploration: f32,
    /// How much better another command must expect to do (score, 0 to 1) before it is chosen
    /// over the plain policy's (the first sensible command); 0: the most visited is chosen,
    /// whatever it is. Where the plain policy is good and the look ahead short, a margin
    /// keeps the search from trading it for a choice that only the noise favours.
    pub keep_plain: f32,
    /// How many trees grow at once, one a thread (root parallelism): 1 where a core is one
    /// game's (the balance report, `holotable run`, the tests), the machine's cores in a
    /// person's game ([`Settings::on_all_cores`]). A budget in playouts is shared out among
    /// them; a budget in time is each one's.
    pub threads: usize,
}

impl Settings {
    /// The defaults for `budget`: a rollout of 10 commands (on the battlefield, longer ones
    /// played no better: docs/opponents.md), exploration 0.7.
    pub fn new(budget: Budget, seed: u64) -> Self {
        Self {
            budget,
            seed,
            rollout: 10,
            exploration: 0.7,
            keep_plain: 0.0,
            threads: 1,
        }
    }

    /// These settings with a tree on each of the machine's cores (where it cannot tell, one).
    pub fn on_all_cores(self) -> Self {
        Self {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            ..self
        }
    }
}

/// What the search chose, and how it saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<C> {
    /// The command to play.
    pub command: C,
    /// The commands that carry the same decision on after it, in order (the rest of a whole
    /// activation, where a rule set searches over those); played while the rules accept them,
    /// and where one is refused (the dice fell otherwise) the side decides again. Mostly empty.
    pub then: Vec<C>,
    /// Its expected score for the side that searched, 0 to 1 (its mean over the iterations
    /// through it).
    pub expected: f32,
    /// Iterations through it.
    pub visits: u32,
    /// Iterations in all.
    pub playouts: u32,
}

struct Node<C> {
    /// The command that led here (none at the root).
    command: Option<C>,
    /// The side that played it.
    actor: usize,
    children: Vec<usize>,
    visits: u32,
    /// Iterations in which this node's command was among the candidates (its parent's
    /// visits where every iteration deals the same; fewer where chance changes them).
    available: u32,
    /// The sum of its actor's scores.
    total: f32,
}

/// The command the search would play for the side to act in `game`, or `None` when the game
/// is over (or nothing the side may do is accepted).
pub fn choose<S: Searchable>(game: &S, settings: &Settings) -> Option<Choice<S::Command>> {
    let side = game.to_act()?;
    let candidates = game.candidates();
    // A forced choice needs no thought.
    if let [only] = &candidates[..] {
        return Some(Choice {
            command: only.clone(),
            then: Vec::new(),
            expected: game.score(side),
            visits: 0,
            playouts: 0,
        });
    }
    let root = game.hides_nothing_from(side).then_some(&candidates[..]);
    let threads = settings.threads.max(1);
    // Each tree its own seed (the first the settings' own, so one thread searches as before)
    // and its share of a budget in playouts.
    let share = |k: usize| {
        let seed = settings
            .seed
            .wrapping_add((k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let budget = match settings.budget {
            Budget::Playouts(n) => {
                let (n, t) = (n as usize, threads);
                Budget::Playouts((n / t + usize::from(k < n % t)) as u32)
            }
            time => time,
        };
        (budget, seed)
    };
    let trees: Vec<(Vec<Node<S::Command>>, u32)> = if threads == 1 {
        let (budget, seed) = share(0);
        vec![grow(game, side, settings, budget, seed, root)]
    } else {
        // Each thread its own copy of the game (a rule set's game may keep a world it
        // borrows from inside, which one thread at a time may touch).
        std::thread::scope(|scope| {
            let running: Vec<_> = (0..threads)
                .map(|k| {
                    let (game, root) = (game.clone(), root.map(<[_]>::to_vec));
                    let (budget, seed) = share(k);
                    let settings = *settings;
                    scope.spawn(move || grow(&game, side, &settings, budget, seed, root.as_deref()))
                })
                .collect();
            running
                .into_iter()
                .map(|t| t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        })
    };
    // The roots' children summed by command, in the first tree's order then any new.
    let mut roots: Vec<(S::Command, u32, f32)> = Vec::new();
    for (tree, _) in &trees {
        for &c in &tree[0].children {
            let n = &tree[c];
            let command = n.command.as_ref()?;
            match roots.iter_mut().find(|r| &r.0 == command) {
                Some(r) => {
                    r.1 += n.visits;
                    r.2 += n.total;
                }
                None => roots.push((command.clone(), n.visits, n.total)),
            }
        }
    }
    let playouts = trees.iter().map(|t| t.1).sum();
    let most = (0..roots.len()).max_by_key(|&k| (roots[k].1, std::cmp::Reverse(k)))?;
    let mean = |k: usize| roots[k].2 / roots[k].1.max(1) as f32;
    // The first child of the first root is the first sensible command, the plain policy's.
    let best = match roots.first() {
        Some(plain)
            if settings.keep_plain > 0.0
                && Some(&plain.0) == candidates.first()
                && plain.1 > 0
                && mean(0) + settings.keep_plain >= mean(most) =>
        {
            0
        }
        _ => most,
    };
    let (command, visits, total) = roots.swap_remove(best);
    Some(Choice {
        command,
        then: Vec::new(),
        expected: total / visits.max(1) as f32,
        visits,
        playouts,
    })
}

/// One tree grown for `side` from `game` with `budget` and `seed`: the tree (its root first)
/// and the iterations it took.
fn grow<S: Searchable>(
    game: &S,
    side: usize,
    settings: &Settings,
    budget: Budget,
    seed: u64,
    root: Option<&[S::Command]>,
) -> (Vec<Node<S::Command>>, u32) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tree: Vec<Node<S::Command>> = vec![Node {
        command: None,
        actor: side,
        children: Vec::new(),
        visits: 0,
        available: 0,
        total: 0.0,
    }];
    let start = Instant::now();
    let mut playouts = 0u32;
    loop {
        match budget {
            Budget::Playouts(n) if playouts >= n => break,
            Budget::Millis(ms) if playouts > 0 && start.elapsed() >= Duration::from_millis(ms) => {
                break;
            }
            _ => {}
        }
        iterate(game, side, settings, root, &mut tree, &mut rng);
        playouts += 1;
    }
    (tree, playouts)
}

/// One iteration: deal what the side cannot see, go down the tree by UCB1 among the commands
/// the dealt game offers, add the first untried one, roll out, and score every node passed.
/// `root`: the root's sensible commands where every iteration deals the same game.
fn iterate<S: Searchable>(
    game: &S,
    side: usize,
    settings: &Settings,
    root: Option<&[S::Command]>,
    tree: &mut Vec<Node<S::Command>>,
    rng: &mut ChaCha8Rng,
) {
    let mut s = game.clone();
    s.sample_hidden(side, rng);
    let mut dice = Dice::seeded(rng.random()).unlogged();
    let mut path = vec![0usize];
    let mut at = 0usize;
    'down: while let Some(actor) = s.to_act() {
        let dealt;
        let candidates = match root.filter(|_| at == 0) {
            Some(r) => r,
            None => {
                dealt = s.candidates();
                &dealt[..]
            }
        };
        // Children offered now, and the candidates with none yet.
        let mut offered = Vec::new();
        let mut untried = Vec::new();
        for c in candidates {
            match tree[at]
                .children
                .iter()
                .copied()
                .find(|&k| tree[k].command.as_ref() == Some(c))
            {
                Some(k) => offered.push(k),
                None => untried.push(c),
            }
        }
        for &k in &offered {
            tree[k].available += 1;
        }
        // The first untried that the rules accept here (a refused one leaves the game as it
        // was, so the next is tried: one refused command must not hide those after it).
        if let Some(c) = untried.into_iter().find(|c| s.play(c, &mut dice).is_ok()) {
            let c = c.clone();
            tree.push(Node {
                command: Some(c),
                actor,
                children: Vec::new(),
                visits: 0,
                available: 1,
                total: 0.0,
            });
            let k = tree.len() - 1;
            tree[at].children.push(k);
            path.push(k);
            break 'down;
        }
        let Some(k) = pick(tree, &offered, settings.exploration) else {
            break 'down;
        };
        let c = tree[k].command.clone().expect("a child has its command");
        if s.play(&c, &mut dice).is_err() {
            break 'down;
        }
        path.push(k);
        at = k;
    }
    rollout(&mut s, &mut dice, settings.rollout);
    let scores: Vec<f32> = (0..s.sides()).map(|p| s.score(p)).collect();
    for &k in &path {
        let n = &mut tree[k];
        n.visits += 1;
        n.total += scores.get(n.actor).copied().unwrap_or(0.0);
    }
}

/// The child of `offered` with the highest UCB1 (availability-counted, as in information-set
/// MCTS, so a command offered only sometimes is not under-explored).
fn pick<C>(tree: &[Node<C>], offered: &[usize], exploration: f32) -> Option<usize> {
    offered.iter().copied().max_by(|&a, &b| {
        let ucb = |k: usize| {
            let n = &tree[k];
            let v = n.visits.max(1) as f32;
            n.total / v + exploration * ((n.available.max(1) as f32).ln() / v).sqrt()
        };
        ucb(a).total_cmp(&ucb(b))
    })
}

/// Plays up to `commands` commands by the plain policy: each time the first candidate the
/// rules accept.
fn rollout<S: Searchable>(s: &mut S, dice: &mut Dice, commands: u32) {
    for _ in 0..commands {
        if s.to_act().is_none() {
            return;
        }
        if !s.plain().iter().any(|c| s.play(c, dice).is_ok()) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::DiceExpr;

    /// Nim: take 1 to 3 from the pile; whoever takes the last wins.
    #[derive(Clone, Debug)]
    struct Nim {
        pile: u32,
        next: usize,
        winner: Option<usize>,
    }

    impl Searchable for Nim {
        type Command = u32;
        fn to_act(&self) -> Option<usize> {
            self.winner.is_none().then_some(self.next)
        }
        fn sides(&self) -> usize {
            2
        }
        fn candidates(&self) -> Vec<u32> {
            (1..=3.min(self.pile)).collect()
        }
        fn play(&mut self, take: &u32, _: &mut Dice) -> Result<(), String> {
            if *take > self.pile || *take == 0 {
                return Err("not that many".into());
            }
            self.pile -= take;
            if self.pile == 0 {
                self.winner = Some(self.next);
            }
            self.next = 1 - self.next;
            Ok(())
        }
        fn score(&self, side: usize) -> f32 {
            match self.winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            }
        }
    }

    #[test]
    fn it_finds_the_winning_take_in_nim() {
        // From 5 the only winning take is 1 (leaving a multiple of 4); from 7, 3.
        for (pile, best) in [(5, 1), (7, 3), (6, 2)] {
            let game = Nim {
                pile,
                next: 0,
                winner: None,
            };
            let c = choose(&game, &Settings::new(Budget::Playouts(3000), 7)).expect("a take");
            assert_eq!(c.command, best, "from {pile}");
            assert!(c.expected > 0.8, "from {pile}: {c:?}");
        }
    }

    /// One decision: bank 3 points, or roll a d6 and keep it; 4 or more wins.
    #[derive(Clone, Debug)]
    struct Gamble {
        points: Option<i32>,
    }

    impl Searchable for Gamble {
        type Command = &'static str;
        fn to_act(&self) -> Option<usize> {
            self.points.is_none().then_some(0)
        }
        fn sides(&self) -> usize {
            1
        }
        fn candidates(&self) -> Vec<&'static str> {
            vec!["bank", "roll"]
        }
        fn play(&mut self, c: &&'static str, dice: &mut Dice) -> Result<(), String> {
            self.points = Some(match *c {
                "bank" => 3,
                _ => dice
                    .roll(DiceExpr::d(6), "gamble")
                    .map_err(|e| e.to_string())?,
            });
            Ok(())
        }
        fn score(&self, _: usize) -> f32 {
            f32::from(u8::from(self.points.is_some_and(|p| p >= 4)))
        }
    }

    #[test]
    fn chance_is_sampled_so_a_half_chance_beats_a_sure_loss() {
        let c = choose(
            &Gamble { points: None },
            &Settings::new(Budget::Playouts(400), 3),
        )
        .expect("a choice");
        assert_eq!(c.command, "roll");
        assert!((c.expected - 0.5).abs() < 0.1, "{c:?}");
        assert_eq!(c.playouts, 400);
    }

    #[test]
    fn the_same_seed_and_playouts_give_the_same_choice() {
        let game = Nim {
            pile: 11,
            next: 0,
            winner: None,
        };
        let s = Settings::new(Budget::Playouts(500), 42);
        assert_eq!(choose(&game, &s), choose(&game, &s));
    }

    #[test]
    fn two_trees_share_the_playouts_find_the_winning_take_and_repeat_for_a_seed() {
        let game = Nim {
            pile: 11,
            next: 0,
            winner: None,
        };
        let two = Settings {
            threads: 2,
            ..Settings::new(Budget::Playouts(3001), 7)
        };
        let c = choose(&game, &two).expect("a take");
        // 11 leaves 8, a multiple of 4, after taking 3: the only winning take.
        assert_eq!((c.command, c.playouts), (3, 3001));
        assert_eq!(choose(&game, &two), Some(c.clone()));
        // Summed over both roots: more visits than either tree's share could give.
        assert!(c.visits > 1501, "{} visits of 3001", c.visits);
    }

    #[test]
    fn a_tree_a_core_in_a_persons_game_and_one_elsewhere() {
        let s = Settings::new(Budget::Millis(1000), 1);
        assert_eq!(s.threads, 1);
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(s.on_all_cores().threads, cores);
    }

    #[test]
    fn a_forced_choice_is_taken_without_a_playout() {
        let game = Nim {
            pile: 1,
            next: 0,
            winner: None,
        };
        let c = choose(&game, &Settings::new(Budget::Millis(60_000), 1)).expect("the take");
        assert_eq!((c.command, c.playouts), (1, 0));
    }

    #[test]
    fn a_finished_game_has_no_choice() {
        let game = Nim {
            pile: 0,
            next: 0,
            winner: Some(1),
        };
        assert_eq!(choose(&game, &Settings::new(Budget::Playouts(10), 1)), None);
    }

    /// One choice among fixed outcomes: option k scores `worth[k]` for side 0, the first the
    /// plain policy's; the rules refuse option `refused`, though it is offered.
    #[derive(Clone, Debug)]
    struct Pick {
        worth: Vec<f32>,
        chosen: Option<usize>,
        refused: Option<usize>,
    }

    impl Searchable for Pick {
        type Command = usize;
        fn to_act(&self) -> Option<usize> {
            self.chosen.is_none().then_some(0)
        }
        fn sides(&self) -> usize {
            1
        }
        fn candidates(&self) -> Vec<usize> {
            (0..self.worth.len()).collect()
        }
        fn play(&mut self, k: &usize, _: &mut Dice) -> Result<(), String> {
            if self.refused == Some(*k) {
                return Err("refused".into());
            }
            self.chosen = Some(*k);
            Ok(())
        }
        fn score(&self, _: usize) -> f32 {
            self.chosen.map_or(0.0, |k| self.worth[k])
        }
    }

    #[test]
    fn the_plain_choice_is_kept_unless_another_is_better_by_the_margin() {
        let choice = |worth: &[f32], keep_plain: f32| {
            let game = Pick {
                worth: worth.to_vec(),
                chosen: None,
                refused: None,
            };
            let s = Settings {
                keep_plain,
                ..Settings::new(Budget::Playouts(200), 3)
            };
            choose(&game, &s).expect("a choice").command
        };
        // Without a margin the better is chosen, however slightly better.
        assert_eq!(choice(&[0.50, 0.52, 0.1], 0.0), 1);
        // Within the margin the plain policy's stays; beyond it, the better is chosen.
        assert_eq!(choice(&[0.50, 0.52, 0.1], 0.05), 0);
        assert_eq!(choice(&[0.50, 0.60, 0.1], 0.05), 1);
    }

    #[test]
    fn a_refused_command_does_not_hide_the_ones_after_it() {
        // The first offered is refused (a rule set may offer what its rules then forbid):
        // the search still weighs the others and takes the best of them.
        let game = Pick {
            worth: vec![0.9, 0.2, 0.7, 0.4],
            chosen: None,
            refused: Some(0),
        };
        let c = choose(&game, &Settings::new(Budget::Playouts(200), 3)).expect("a choice");
        assert_eq!(c.command, 2, "{c:?}");
    }
}
