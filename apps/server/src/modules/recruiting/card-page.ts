import type { SpaPage, SpaPageHead } from '../../plugins/spa';
import { hostTenant } from '../../plugins/auth';
import type { CardPreview, RecruitingService } from './recruiting.service';

/** Open Graph and Twitter tags of a published card: what iMessage, WhatsApp or Slack show of a shared link. */
function headOf(preview: CardPreview): SpaPageHead {
  return {
    title: preview.title,
    meta: [
      { name: 'description', content: preview.description },
      { property: 'og:type', content: 'profile' },
      { property: 'og:title', content: preview.title },
      { property: 'og:description', content: preview.description },
      { property: 'og:url', content: preview.url },
      ...(preview.image
        ? [
            { property: 'og:image', content: preview.image },
            { property: 'og:image:alt', content: preview.imageAlt ?? preview.title },
          ]
        : []),
      { name: 'twitter:card', content: preview.large ? 'summary_large_image' : 'summary' },
      { name: 'twitter:title', content: preview.title },
      { name: 'twitter:description', content: preview.description },
      ...(preview.image ? [{ name: 'twitter:image', content: preview.image }] : []),
    ],
  };
}

/** `/a/{id}`: the recruiting card's page, its preview tags in the served index.html. */
export function cardPage({ recruiting, rateLimit }: { recruiting: RecruitingService; rateLimit: number }): SpaPage {
  return {
    path: '/a/:id',
    rateLimit,
    async head(params, request) {
      const id = params.id ?? '';
      if (id.length > 100) return undefined;
      const preview = await recruiting.preview(hostTenant(request), id);
      return preview && headOf(preview);
    },
  };
}
