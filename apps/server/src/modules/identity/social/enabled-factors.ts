import type { SocialProviderName, SocialProviders } from '../../../config/social-providers';

/**
 * The `firstFactors` entries of the mode endpoint for the enabled providers; `custom` also names its
 * `providerId`, which the web app passes back as `?provider_id=`.
 */
export function enabledSocialFactors(
  providers: Pick<SocialProviders, 'list'>,
): { channel: 'email'; strategy: SocialProviderName; providerId?: string }[] {
  return providers.list.map((p) => ({ channel: 'email', strategy: p.name, ...(p.providerId ? { providerId: p.providerId } : {}) }));
}
