import { useConfig } from '@/config/config-context';
import { paths } from '@/config/paths';

/** Where the terms of service and the privacy policy are read: the operator's own documents when configured, else our pages. */
export function useLegalLinks(): { terms: string; privacy: string } {
  const { termsUrl, privacyUrl } = useConfig();
  return { terms: termsUrl ?? paths.terms, privacy: privacyUrl ?? paths.privacy };
}
