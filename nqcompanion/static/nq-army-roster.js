// --- the army's roster on paper --------------------------------------------------------------
// Joined after nq-army.js into the page's one script (nqcompanion/page/directive.py): the roster the
// army builder prints alone, laid out from the engine's roster (nqcore.army.roster) into the
// element `roster` with the builder's element maker `el`.
function drawArmyRoster(sheet, el, roster) {
  const colon = sheet.colon;
  const labelled = (label, text) => el("p", {}, el("strong", { textContent: `${label}${colon}` }), text);
  const row = (cells, tag) => {
    const tr = el("tr");
    tr.append(...cells.map((text) => el(tag, { textContent: text })));
    return tr;
  };
  const entries = sheet.entries.map((entry) => {
    const profiles = el("table", {}, el("thead", {}, row(sheet.columns, "th")),
      el("tbody", {}, ...entry.profiles.flatMap((profile) => [row([profile.role
        ? `${profile.role}${colon}${profile.name}` : profile.name, ...profile.values], "td"),
      // a combination model's mount or crew: its own line under the model's, as the book prints it
      ...(profile.elements || []).map((element) => row([element.name, ...element.values], "td"))])));
    // A second profile's lines (the unit leader's) under its role and name.
    const details = entry.profiles.flatMap((profile) => [
      ...(profile.role ? [labelled(profile.role, profile.name)] : []),
      ...profile.details.map(([label, text]) => labelled(label, text))]);
    return el("div", { className: "nq-roster-entry" },
      el("h3", {}, `${entry.kind} · ${entry.name}`,
        el("span", { className: "nq-roster-points", textContent: entry.points })),
      el("p", { className: "nq-roster-facts", textContent: entry.facts }), profiles,
      el("div", { className: "nq-roster-details" }, ...details),
      el("ul", {}, ...entry.lines.map((line) => el("li", { textContent: line }))),
      ...(entry.refusals || []).map((refusal) => el("p", { className: "nq-roster-warning",
        textContent: `${sheet.refusal}${colon}${refusal}` })),
      ...entry.warnings.map((warning) => el("p", { className: "nq-roster-warning",
        textContent: `${sheet.warning}${colon}${warning}` })));
  });
  const breaches = sheet.breaches.map((found) => labelled(found.label, found.text));
  roster.replaceChildren(el("h2", { textContent: sheet.title }),
    el("p", { textContent: `${sheet.heading} · ${sheet.game}` }), ...entries,
    el("p", { className: "nq-roster-total", textContent: sheet.total }), ...breaches,
    ...(sheet.kept ? [el("p", { textContent: sheet.kept })] : []));
}
