/// The dashboard pages' stylesheet (the charts' own is ``ChartStyle``), inlined into every page: no external fonts, images or scripts.
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
        .note{background:#fffbeb;border:1px solid #fcd34d;border-radius:6px;padding:6px 10px;margin:8px 0}
        .flag{color:#9a3412;font-weight:600}
        .note.flag{font-weight:400;color:var(--ink);border-color:#fdba74;background:#fff7ed}
        .error{background:#fef2f2;border:1px solid #fca5a5;border-radius:6px;padding:8px 12px}
        .login{max-width:420px;margin:60px auto;background:#fff;border:1px solid var(--line);border-radius:8px;padding:20px 24px}
        .login input{width:100%;font:inherit;padding:6px 8px;margin:6px 0 12px;border:1px solid #9ca3af;border-radius:4px}
        .rules{color:var(--muted);font-size:12.5px;white-space:nowrap}
        """
}
