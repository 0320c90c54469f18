/// The stylesheet of every ``Chart`` and its legend, inlined into the page that shows it (the
/// dashboard's and the simulator's report): no external fonts, images or scripts.
///
/// Colours keep text at a contrast of at least 4.5:1 on white; the lanes' colours are paired with
/// labels and tooltips, never the only cue. The page may set `--ink` and `--muted`.
public enum ChartStyle {
    /// The rules, one per line.
    public static let css = """
        .chart{width:100%;height:auto;display:block}
        .chart text{font-size:12px;fill:var(--ink,#1f2937)}
        .chart .tick{fill:var(--muted,#4b5563);font-size:11.5px}
        .chart .lane-title{font-weight:700}
        .chart .row-label{fill:#374151}
        .chart .row-note{fill:var(--muted,#4b5563);font-size:11.5px}
        .chart .gap-number{font-weight:700;fill:#9a3412;font-size:11.5px}
        .chart .grid{stroke:#e5e7eb;stroke-width:1}
        .chart .lane-rule{stroke:#e5e7eb}
        .chart .track{fill:#f9fafb}
        .chart .gap{opacity:.75}
        .chart .unborn{fill:#f1f5f9}
        .chart .state-label{fill:#fff;font-size:11px}
        .chart .state-label.on-light{fill:#1f2937}
        .state-foreground,.sw-foreground{fill:#2563eb;background:#2563eb}
        .state-inactive,.sw-inactive{fill:#60a5fa;background:#60a5fa}
        .state-background,.sw-background{fill:#16a34a;background:#16a34a}
        .state-suspended,.sw-suspended{fill:#cbd5e1;background:#cbd5e1}
        .state-not-running,.sw-not-running{fill:#475569;background:#475569}
        .wake{fill:#7c3aed;stroke:#fff;stroke-width:1}
        .wake.relaunch{fill:#c2410c}
        .wake.delivered{fill:#fff;stroke:#7c3aed;stroke-width:2}
        .wake.refused{fill:#fff;stroke:#dc2626;stroke-width:2}
        .task-ended,.sw-task-ended{fill:#0e7490;background:#0e7490}
        .task-expired,.sw-task-expired{fill:#dc2626;background:#dc2626;stroke:#7f1d1d;stroke-width:1}
        .task-denied{fill:#dc2626}
        .task-open,.sw-task-open{fill:#a855f7;background:#a855f7}
        .task-budget{fill:none;stroke:#0e7490;stroke-dasharray:3 2}
        .expiry{fill:#7f1d1d}
        .job-completed,.sw-job-completed{fill:#15803d;background:#15803d}
        .job-checkpointed,.sw-job-checkpointed{fill:#d97706;background:#d97706}
        .job-failed,.sw-job-failed{fill:#dc2626;background:#dc2626}
        .job-open,.sw-job-open{fill:#6b7280;background:#6b7280}
        .records{fill:#0369a1}
        .record-wanted{fill:#15803d}
        .record-other{fill:#0369a1}
        .upload{fill:#0f766e}
        .push-accepted{fill:#15803d}
        .push-failed{fill:#dc2626}
        .push-unsent{fill:#9ca3af}
        .push-held{fill:#d97706}
        .push-received{fill:#7c3aed}
        .location-fix{fill:#0369a1}
        .distance{fill:none;stroke:#1d4ed8;stroke-width:2}
        .threshold{stroke:#dc2626;stroke-width:1.2;stroke-dasharray:5 3}
        .chart .threshold-label{fill:#b91c1c;font-size:11.5px;font-weight:600}
        .axis-line{stroke:#d1d5db;stroke-width:1}
        .chart .axis-line-label{fill:var(--muted,#4b5563);font-size:11px}
        .triggered{fill:#15803d;stroke:#fff;stroke-width:1}
        .stopped{fill:#dc2626;stroke:#fff;stroke-width:1}
        .spread{fill:#bfdbfe}
        .seed{fill:#1d4ed8;fill-opacity:.35}
        .median{fill:#1e3a8a;stroke:#fff;stroke-width:1}
        .legend{display:flex;flex-wrap:wrap;gap:4px 16px;margin:8px 2px 0;color:var(--muted,#4b5563);font-size:13px}
        .legend span.sw{display:inline-block;width:12px;height:12px;border-radius:2px;vertical-align:-1px;margin-right:4px}
        .legend span.hatch{background:repeating-linear-gradient(45deg,#fff7ed 0 3px,#f6c89f 3px 5px)}
        .legend span.dot{border-radius:50%;background:#7c3aed}
        .legend span.ring{border-radius:50%;border:2px solid #7c3aed;background:#fff}
        .legend span.diamond{background:#c2410c;transform:rotate(45deg) scale(.8)}
        """
}
