import { randomBytes } from 'node:crypto';
import {
  CARD_NOT_AVAILABLE,
  RECRUITING_REEL_NOT_FOUND,
  RECRUITING_REEL_NOT_SHARED,
  type PublicCard,
  type RecruitingSettings,
  type UpdateRecruitingBody,
} from '@app/contracts/recruiting';
import type { SharedReel } from '@app/contracts/clips';
import type { Caller } from '../../caller';
import { AppError } from '../../errors';
import type { ImagesService } from '../images/images.service';
import type { ReelsService } from '../reels/reels.service';
import type { TeamsService } from '../teams/teams.service';
import { verifiedOf, type UsersService } from '../users/users.service';
import { fieldsOf, publicCardOf, type CardSource } from './card-view';
import type { RecruitingCardRow, RecruitingRepo } from './recruiting.repo';

/** A card's link: 144 random bits (at least 128 for a public secret), base64url. */
const newCardId = () => randomBytes(18).toString('base64url');

type ProductUser = NonNullable<Awaited<ReturnType<UsersService['find']>>>;

export interface RecruitingServiceDeps {
  repo: RecruitingRepo;
  /** Where a tenant's card links point: its own host, the only one they open on. */
  publicUrlOf: (tenantId: string) => string;
  users: Pick<UsersService, 'find' | 'requireRegistered' | 'byId'>;
  images: Pick<ImagesService, 'readyOf' | 'logoOf'>;
  teams: Pick<TeamsService, 'sharedTeams'>;
  reels: Pick<ReelsService, 'visible' | 'shared'>;
}

/** What link previews (Open Graph) show of a published card. */
export interface CardPreview {
  title: string;
  description: string;
  url: string;
  /** Absolute, about 1600 wide: the hero (or the avatar when there is none). */
  image?: string;
  imageAlt?: string;
  large: boolean;
}

/**
 * Recruiting cards: the owner publishes their card at an unguessable link, ticks what it shows and
 * picks a shared reel to play on it; anyone with the link reads the ticked fields without signing in.
 */
export function createRecruitingService({ repo, publicUrlOf, users, images, teams, reels }: RecruitingServiceDeps) {
  const baseOf = (tenantId: string) => publicUrlOf(tenantId).replace(/\/+$/, '');

  function settingsOf(row: RecruitingCardRow | undefined): RecruitingSettings {
    const published = row?.published ?? false;
    return {
      published,
      id: published ? row!.publicId : null,
      url: published ? `${baseOf(row!.tenantId)}/a/${row!.publicId}` : null,
      fields: fieldsOf(row?.fields),
      reelId: row?.reelId ?? null,
    };
  }

  /** A reel may go on the card when its owner may see it and its share link is on (it plays through that link). */
  async function checkReel(caller: Caller, reelId: string): Promise<void> {
    const refused = (message: string) => new AppError('VALIDATION_FAILED', `body.reelId: ${message}`);
    try {
      await reels.visible(caller, reelId);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) throw refused(RECRUITING_REEL_NOT_FOUND);
      throw err;
    }
    try {
      await reels.shared(caller.tenantId, reelId);
    } catch (err) {
      // 409: shared, its clips still being cut; it plays once they are.
      if (err instanceof AppError && err.statusCode === 409) return;
      if (err instanceof AppError && err.statusCode === 404) throw refused(RECRUITING_REEL_NOT_SHARED);
      throw err;
    }
  }

  /** The card's reel as its share link plays it, while its owner may still see it and it is shared; else none. */
  async function reelOf(owner: ProductUser, reelId: string | null): Promise<SharedReel | undefined> {
    if (!reelId) return undefined;
    try {
      await reels.visible({ tenantId: owner.tenantId, identityUserId: owner.identityUserId, user: owner }, reelId);
      return await reels.shared(owner.tenantId, reelId);
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) return undefined;
      throw err;
    }
  }

  async function sourceOf(user: ProductUser): Promise<CardSource> {
    const [ready, [team]] = await Promise.all([images.readyOf(user.id), teams.sharedTeams(user.tenantId, user.id, user.id)]);
    return {
      username: user.username,
      name: user.name,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      phone: user.phone,
      profile: user.profile,
      verified: verifiedOf(user),
      images: ready,
      team: team && team.description.trim() ? { name: team.description.trim(), logo: await images.logoOf(team.id) } : undefined,
    };
  }

  /** The published card behind a link with its owner; undefined for an unknown or unpublished one alike. */
  async function published(tenantId: string, publicId: string) {
    const row = await repo.publishedById(tenantId, publicId);
    const owner = row && (await users.byId(tenantId, row.userId));
    if (!row || !owner) return undefined;
    return { row, owner, card: publicCardOf(row.publicId, fieldsOf(row.fields), await sourceOf(owner)) };
  }

  return {
    /** `GET /api/user/recruiting`: the caller's card settings (defaults before the first change). */
    async settings(caller: Caller): Promise<RecruitingSettings> {
      const user = await users.requireRegistered(caller);
      return settingsOf(await repo.ofUser(user.id));
    },

    /** `PUT /api/user/recruiting`: publish or withdraw the card, change its ticks and its reel. */
    async update(caller: Caller, body: UpdateRecruitingBody): Promise<RecruitingSettings> {
      const user = await users.requireRegistered(caller);
      if (body.reelId) await checkReel(caller, body.reelId);
      const current = await repo.ofUser(user.id);
      const row = await repo.upsert(caller.tenantId, user.id, current?.publicId ?? newCardId(), {
        published: body.published ?? current?.published ?? false,
        fields: { ...fieldsOf(current?.fields), ...body.fields },
        ...(body.reelId !== undefined && { reelId: body.reelId }),
      });
      return settingsOf(row);
    },

    /** `POST /api/user/recruiting/rotate`: a new link; the old one answers 404 from now on. */
    async rotate(caller: Caller): Promise<RecruitingSettings> {
      const user = await users.requireRegistered(caller);
      const id = newCardId();
      return settingsOf(await repo.upsert(caller.tenantId, user.id, id, { publicId: id }));
    },

    /** `GET /api/a/{id}` without sign-in: the ticked fields of a published card; anything else is the same 404. */
    async card(tenantId: string, publicId: string): Promise<PublicCard> {
      const found = await published(tenantId, publicId);
      if (!found) throw new AppError('NOT_FOUND', CARD_NOT_AVAILABLE);
      const reel = await reelOf(found.owner, found.row.reelId);
      return { ...found.card, ...(reel && { reel }) };
    },

    /** What a link preview of `/a/{id}` shows; undefined for an unknown or unpublished card (no personal data). */
    async preview(tenantId: string, publicId: string): Promise<CardPreview | undefined> {
      const found = await published(tenantId, publicId);
      if (!found) return undefined;
      const { card } = found;
      const name = card.name ?? (card.username ? `@${card.username}` : undefined);
      const pictured = card.hero ?? card.avatar;
      const picture = pictured && (pictured.sources['1600'] ?? pictured.sources['512'] ?? pictured.sources.full);
      const base = baseOf(tenantId);
      return {
        title: name ?? 'Recruiting card',
        description: [card.sport, card.position, card.team?.name].filter(Boolean).join(' · ') || 'An athlete\'s recruiting card',
        url: `${base}/a/${found.row.publicId}`,
        ...(picture && { image: `${base}${picture}`, imageAlt: name ?? 'Athlete' }),
        large: card.hero !== undefined,
      };
    },
  };
}
export type RecruitingService = ReturnType<typeof createRecruitingService>;
