/** The HTML frame of the pages beside the API (mailbox, database); every interpolated text goes through esc. */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:1.5rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #ccc;vertical-align:top}article{border:1px solid #ccc;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}code{overflow-wrap:anywhere}</style>
</head><body>${body}</body></html>`;
}
