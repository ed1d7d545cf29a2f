/**
 * The HTML frame of the pages beside the API (mailbox, database); every interpolated text goes through esc. Table
 * rules apply to the pages' own tables (.listing) only: a page-wide td rule would override a mail's align="right".
 */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:1.5rem auto;padding:0 1rem}.listing{border-collapse:collapse;width:100%;margin:1rem 0}.listing :is(th,td){text-align:start;padding:.35rem .5rem;border-bottom:1px solid #ccc;vertical-align:top}.listing td,dd,pre,code{overflow-wrap:anywhere}article{border:1px solid #ccc;margin:1rem 0;overflow-x:auto}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}</style>
</head><body>${body}</body></html>`;
}
