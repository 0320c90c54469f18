/// The dashboard's only stylesheet, inlined into every page: no external fonts, images or scripts.
///
/// Colours keep text at a contrast of at least 4.5:1 on white; the lanes' colours are paired with
/// labels and tooltips, never the only cue.
enum DashboardStyle {
    static let css = """
        :root{color-scheme:light;--ink:#1f2937;--muted:#4b5563;--line:#d1d5db;--accent:#1d4ed8}
        *{box-sizing:border-box}
        body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:#f8fafc}
        header{display:flex;align-items:center;gap:16px;padding:10px 20px;background:#0f172a;color:#f8fafc}
        header a{color:#f8fafc;text-decoration:none;font-weight:600}
        header .spacer{flex:1}
        header form{margin:0}
        header button{background:transparent;color:#f8fafc;border:1px solid #94a3b8;border-radius:4px;padding:3px 10px;font:inherit;cursor:pointer}
        main{padding:14px 20px 28px;max-width:1900px}
        h1{font-size:20px;margin:4px 0 2px}
        h2{font-size:16px;margin:18px 0 6px}
        .sub{color:var(--muted);margin:0 0 10px}
        a{color:var(--accent)}
        table{border-collapse:collapse;width:100%;background:#fff;border:1px solid var(--line)}
        th,td{text-align:left;padding:5px 8px;border-bottom:1px solid #e5e7eb;vertical-align:top}
        th{background:#f1f5f9;font-weight:600;white-space:nowrap}
        td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
        .mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
        td.mono{font-size:12.5px}
        .revoked{color:#b91c1c;font-weight:600}
        .filters{display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin:8px 0}
        .filters a{padding:3px 10px;border:1px solid var(--line);border-radius:14px;background:#fff;text-decoration:none;color:var(--ink)}
        .filters a[aria-current]{background:var(--accent);border-color:var(--accent);color:#fff}
        .filters form{display:flex;gap:6px;align-items:center;margin-left:12px}
        .filters input{font:inherit;padding:2px 6px;width:13.5em;border:1px solid #9ca3af;border-radius:4px}
        .filters button,.login button{font:inherit;padding:3px 12px;border-radius:4px;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer}
        .facts{display:flex;flex-wrap:wrap;gap:6px 22px;margin:6px 0 4px;color:var(--muted)}
        .facts b{color:var(--ink);font-weight:600}
        .panel{background:#fff;border:1px solid var(--line);border-radius:6px;padding:8px 10px}
        .chart{width:100%;height:auto;display:block}
        .chart text{font-size:12px;fill:var(--ink)}
        .chart .tick{fill:var(--muted);font-size:11.5px}
        .chart .lane-title{font-weight:700}
        .chart .row-label{fill:#374151}
        .chart .row-note{fill:var(--muted);font-size:11.5px}
        .chart .gap-number{font-weight:700;fill:#9a3412;font-size:11.5px}
        .chart .grid{stroke:#e5e7eb;stroke-width:1}
        .chart .lane-rule{stroke:#e5e7eb}
        .chart .track{fill:#f9fafb}
        .chart .gap{fill:url(#hatch);opacity:.75}
        .state-foreground,.sw-foreground{fill:#2563eb;background:#2563eb}
        .state-background,.sw-background{fill:#16a34a;background:#16a34a}
        .state-suspended,.sw-suspended{fill:#cbd5e1;background:#cbd5e1}
        .state-not-running,.sw-not-running{fill:#475569;background:#475569}
        .wake{fill:#7c3aed;stroke:#fff;stroke-width:1}
        .wake.relaunch{fill:#c2410c}
        .wake.delivered{fill:#fff;stroke:#7c3aed;stroke-width:2}
        .chart .unborn{fill:#f1f5f9}
        .task-ended,.sw-task-ended{fill:#0e7490;background:#0e7490}
        .task-expired,.sw-task-expired{fill:#dc2626;background:#dc2626;stroke:#7f1d1d;stroke-width:1}
        .task-denied{fill:#dc2626}
        .task-open,.sw-task-open{fill:#a855f7;background:#a855f7}
        .job-completed,.sw-job-completed{fill:#15803d;background:#15803d}
        .job-checkpointed,.sw-job-checkpointed{fill:#d97706;background:#d97706}
        .job-failed,.sw-job-failed{fill:#dc2626;background:#dc2626}
        .job-open,.sw-job-open{fill:#6b7280;background:#6b7280}
        .records{fill:#0369a1}
        .upload{fill:#0f766e}
        .push-accepted{fill:#15803d}
        .push-failed{fill:#dc2626}
        .push-unsent{fill:#9ca3af}
        .push-received{fill:#7c3aed}
        .legend{display:flex;flex-wrap:wrap;gap:4px 16px;margin:8px 2px 0;color:var(--muted);font-size:13px}
        .legend span.sw{display:inline-block;width:12px;height:12px;border-radius:2px;vertical-align:-1px;margin-right:4px}
        .legend span.hatch{background:repeating-linear-gradient(45deg,#fff7ed 0 3px,#f6c89f 3px 5px)}
        .legend span.dot{border-radius:50%;background:#7c3aed}
        .legend span.ring{border-radius:50%;border:2px solid #7c3aed;background:#fff}
        .legend span.diamond{background:#c2410c;transform:rotate(45deg) scale(.8)}
        .note{background:#fffbeb;border:1px solid #fcd34d;border-radius:6px;padding:6px 10px;margin:8px 0}
        .flag{color:#9a3412;font-weight:600}
        .note.flag{font-weight:400;color:var(--ink);border-color:#fdba74;background:#fff7ed}
        .error{background:#fef2f2;border:1px solid #fca5a5;border-radius:6px;padding:8px 12px}
        .login{max-width:420px;margin:60px auto;background:#fff;border:1px solid var(--line);border-radius:8px;padding:20px 24px}
        .login input{width:100%;font:inherit;padding:6px 8px;margin:6px 0 12px;border:1px solid #9ca3af;border-radius:4px}
        .rules{color:var(--muted);font-size:12.5px;white-space:nowrap}
        """
}
