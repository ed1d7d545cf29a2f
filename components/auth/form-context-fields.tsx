/** Server actions have no route params: each auth form posts its language and its safe-or-not `next`. */
export function FormContextFields({ locale, next }: { locale: string; next?: string | null }) {
  return (
    <>
      <input type="hidden" name="locale" value={locale} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
    </>
  );
}
