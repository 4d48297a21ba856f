//! A balance report as pictures (plotters): the win rate of each side as the games came in
//! (convergence) and the game-length histogram, as one SVG or inside an HTML page with the
//! report's tables.

use std::path::Path;

use plotters::prelude::*;

use super::Report;

/// Side colours of the plots: the Okabe–Ito palette, told apart with every common colour
/// blindness (blue, vermilion, bluish green, orange).
const SIDES: [RGBColor; 4] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(230, 159, 0),
];

/// Both plots, one above the other, as an SVG document `width` x `height` pixels.
///
/// Errors: plotters could not draw (in words).
pub fn svg(report: &Report, width: u32, height: u32) -> Result<String, String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top, bottom) = root.split_vertically(height / 2);
        convergence(report, &top).map_err(|e| e.to_string())?;
        lengths(report, &bottom).map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(out)
}

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;
type Failure<'a> = DrawingAreaErrorKind<<SVGBackend<'a> as DrawingBackend>::ErrorType>;

fn convergence<'a>(report: &Report, area: &Area<'a>) -> Result<(), Failure<'a>> {
    let games = report.games.max(2) as f64;
    let mut chart = ChartBuilder::on(area)
        .caption(
            "Win rate as the games came in",
            ("sans-serif", 18).into_font(),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(1f64..games, 0f64..100f64)?;
    chart
        .configure_mesh()
        .x_desc("games played")
        .y_desc("win rate, %")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    for (s, side) in report.sides.iter().enumerate() {
        let colour = SIDES[s % SIDES.len()];
        let points = report.convergence.iter().map(|p| {
            (
                p.games as f64,
                100.0 * p.win_rate.get(s).copied().unwrap_or(0.0),
            )
        });
        chart
            .draw_series(LineSeries::new(points, colour.stroke_width(2)))?
            .label(side.name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    }
    // Draws: what the sides' rates leave.
    let draws = report.convergence.iter().map(|p| {
        let won: f64 = p.win_rate.iter().sum();
        (p.games as f64, 100.0 * (1.0 - won).max(0.0))
    });
    let grey = RGBColor(110, 110, 110);
    chart
        .draw_series(LineSeries::new(draws, grey.stroke_width(1)))?
        .label("Draws")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], grey));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}

fn lengths<'a>(report: &Report, area: &Area<'a>) -> Result<(), Failure<'a>> {
    let h = &report.length.histogram;
    let most = h.iter().map(|x| x.1).max().unwrap_or(1);
    let (first, last) = (report.length.min, report.length.max);
    let mut chart = ChartBuilder::on(area)
        .caption("Game length", ("sans-serif", 18).into_font())
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(
            (first.saturating_sub(1)..last + 1).into_segmented(),
            0usize..most + most / 10 + 1,
        )?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("turns")
        .y_desc("games")
        .draw()?;
    chart.draw_series(
        Histogram::vertical(&chart)
            .style(SIDES[0].filled())
            .margin(6)
            .data(h.iter().copied()),
    )?;
    Ok(())
}

/// The report as an HTML page: its tables and both plots.
///
/// Errors: as [`svg`].
pub fn html(report: &Report) -> Result<String, String> {
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    let mut rows = String::new();
    for s in &report.sides {
        rows.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{} to {}</td></tr>\n",
            escape(&s.name),
            s.wins,
            pct(s.win_rate),
            pct(s.interval.0),
            pct(s.interval.1)
        ));
    }
    let draws = report.draws as f64 / report.games.max(1) as f64;
    rows.push_str(&format!(
        "<tr><td>Draws</td><td>{}</td><td>{}</td><td></td></tr>\n",
        report.draws,
        pct(draws)
    ));
    rows.push_str(&format!(
        "<tr><td>Cut</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
        report.cut,
        pct(report.cut as f64 / report.games.max(1) as f64),
        escape(&report.cut_words())
    ));
    let mut decided = String::new();
    for (what, n) in &report.decided_by {
        decided.push_str(&format!("<tr><td>{}</td><td>{n}</td></tr>\n", escape(what)));
    }
    // Only when there were draws: what brought them about.
    let draws_by_cause = if report.draws_by_cause.is_empty() {
        String::new()
    } else {
        let mut t =
            String::from("<h2>Draws by cause</h2>\n<table><tr><th>Cause</th><th>Games</th></tr>\n");
        for (cause, n) in &report.draws_by_cause {
            t.push_str(&format!(
                "<tr><td>{}</td><td>{n}</td></tr>\n",
                escape(cause)
            ));
        }
        t.push_str("</table>\n");
        t
    };
    let sides = report
        .policies
        .iter()
        .map(|(side, policy)| format!("{}: {policy}", escape(side)))
        .collect::<Vec<_>>()
        .join("; ");
    let mut losses = String::new();
    for c in &report.casualties {
        losses.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{:.2}</td><td>{:.2}</td></tr>\n",
            escape(&c.side),
            escape(&c.profile),
            c.lost,
            c.fielded
        ));
    }
    let plots = svg(report, 800, 640)?;
    Ok(format!(
        "<!DOCTYPE html>
<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Balance report: {title}</title>
<style>body{{font-family:sans-serif;max-width:860px;margin:2em auto}}
table{{border-collapse:collapse;margin-bottom:1.5em}}td,th{{border:1px solid #bbb;padding:4px 10px;text-align:left}}</style>
</head><body>
<h1>Balance report: {title}</h1>
<p>{file}, {rules}. {games} games, seeds {seed} to {last}; every side played by {players}. Sides: {sides}.</p>
<h2>Wins</h2>
<table><tr><th>Side</th><th>Wins</th><th>Win rate</th><th>95% interval</th></tr>
{rows}</table>
<h2>Game length</h2><p>Mean {mean:.2} turns (shortest {min}, longest {max}).</p>
<h2>Decided by</h2>
<table><tr><th>What decided the game</th><th>Games</th></tr>
{decided}</table>
{draws_by_cause}<h2>Casualties per game</h2>
<table><tr><th>Side</th><th>Profile</th><th>Lost (mean)</th><th>Fielded (mean)</th></tr>
{losses}</table>
{note}{plots}
</body></html>
",
        title = escape(&report.scenario),
        file = escape(&report.file),
        rules = escape(&report.rules),
        games = report.games,
        seed = report.seed,
        last = report.last_seed(),
        players = escape(&report.players),
        note = if report.note.is_empty() {
            String::new()
        } else {
            format!("<h2>Reading it</h2><p>{}</p>\n", escape(&report.note))
        },
        mean = report.length.mean,
        min = report.length.min,
        max = report.length.max,
    ))
}

/// Writes the report's pictures to `path`: an `.html` page (tables and plots) or an `.svg`
/// (the plots), atomically.
///
/// Errors: another extension, plotters could not draw, or the file cannot be written (the
/// path named).
pub fn write(report: &Report, path: &Path) -> Result<(), String> {
    let text = match path.extension().and_then(|e| e.to_str()) {
        Some("html" | "htm") => html(report)?,
        Some("svg") => svg(report, 800, 640)?,
        _ => {
            return Err(format!(
                "{}: --out writes a .html report or an .svg of the plots",
                path.display()
            ));
        }
    };
    crate::engine::save::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
