/**
 * The account page's list of its sections: plain in-page links, so it works without JavaScript. Beside the
 * cards and sticky under the header at wide widths; a wrapped list above them on narrow screens.
 */
export function AccountNav({
  label,
  sections,
}: {
  label: string;
  sections: { id: string; title: string }[];
}) {
  return (
    <nav aria-label={label} className="lg:sticky lg:top-20">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm lg:grid lg:gap-1">
        {sections.map(({ id, title }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="inline-block rounded-sm py-1 text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:px-2"
            >
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
