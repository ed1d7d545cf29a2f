'use client';

import { useSyncExternalStore } from 'react';
import {
  type ConsentState,
  getConsentState,
  getServerConsentState,
  subscribeToConsent,
} from './consent-store';

export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeToConsent, getConsentState, getServerConsentState);
}
