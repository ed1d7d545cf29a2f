import { Globe, KeyRound, MonitorSmartphone, ShieldCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';

const features = [
  { key: 'signIn', icon: KeyRound },
  { key: 'install', icon: MonitorSmartphone },
  { key: 'languages', icon: Globe },
  { key: 'privacy', icon: ShieldCheck },
] as const;

export function FeatureGrid() {
  const t = useTranslations('Home');
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="features-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t('featuresTitle')}
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ key, icon: Icon }) => (
          <li key={key} className="rounded-lg border bg-card p-5 text-card-foreground shadow-xs">
            <Icon aria-hidden="true" className="size-6 text-primary" />
            <h3 className="mt-4 font-semibold">{t(`features.${key}.title`)}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{t(`features.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
