import { ConsentedGoogleTagManager } from '@/components/analytics/consented-google-tag-manager';
import { VercelObservability } from '@/components/analytics/vercel-observability';
import { consentDefaultsScript } from '@/lib/analytics/google-consent-mode';
import { env } from '@/lib/env/env';

/**
 * Measurement, each part only where configured and only after consent:
 * - Vercel Analytics and Speed Insights when deployed on Vercel (NEXT_PUBLIC_VERCEL_ENV);
 * - Google Tag Manager when NEXT_PUBLIC_GTM_ID is set, with Consent Mode defaults (all denied)
 *   inline in the HTML, so they are in place before GTM can ever load.
 */
export function ConsentedAnalytics() {
  const { gtmId } = env;
  return (
    <>
      {gtmId && (
        <>
          <script id="consent-mode-defaults" dangerouslySetInnerHTML={{ __html: consentDefaultsScript }} />
          <ConsentedGoogleTagManager gtmId={gtmId} />
        </>
      )}
      {env.vercelEnv && <VercelObservability />}
    </>
  );
}
