export interface FactorOption {
  id: string;
  name: string;
}

/** Which authenticator app a code comes from: a hidden field for one app, radio buttons (no JavaScript needed) for several. */
export function FactorChoice({
  factors,
  legend,
  selected,
}: {
  factors: FactorOption[];
  legend: string;
  selected?: string;
}) {
  if (factors.length === 1) return <input type="hidden" name="factorId" value={factors[0]!.id} />;
  const checked = factors.some((factor) => factor.id === selected) ? selected : factors[0]?.id;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {factors.map((factor) => (
        <label key={factor.id} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="factorId"
            value={factor.id}
            defaultChecked={factor.id === checked}
            className="size-4 accent-primary"
          />
          <bdi>{factor.name}</bdi>
        </label>
      ))}
    </fieldset>
  );
}
