import {
  EMAIL_LOOKUP_OWNER_ONLY,
  MEMBER_NOT_FOUND,
  VERIFY_OWNER_ONLY,
  ageFrom,
  memberCard,
  nothingToVerify,
  type InviteLookup,
  type Measurable,
  type MemberCard,
} from '@app/contracts/profiles';
import type { Caller } from '../../caller';
import { AppError } from '../../errors';
import type { ImagesService } from '../images/images.service';
import type { TeamsService } from '../teams/teams.service';
import { verifiedOf, type UsersService } from '../users/users.service';

type ProductUser = NonNullable<Awaited<ReturnType<UsersService['find']>>>;

export interface ProfilesServiceDeps {
  users: Pick<UsersService, 'find' | 'byUsername' | 'byEmail' | 'setVerified'>;
  teams: Pick<TeamsService, 'sharedTeams' | 'ownedChannel'>;
  images: Pick<ImagesService, 'readyOf' | 'logoOf'>;
}

// The card's profile fields: what a teammate may see of the stored profile (never the birthdate).
const CARD_FIELDS = Object.keys(memberCard.shape).filter((key) => !['username', 'name', 'firstname', 'lastname', 'image', 'type', 'age', 'verified', 'images', 'team'].includes(key));

function cardOf(user: ProductUser): MemberCard {
  const profile = Object.fromEntries(CARD_FIELDS.filter((key) => user.profile[key] !== undefined && user.profile[key] !== '').map((key) => [key, user.profile[key]]));
  return {
    ...profile,
    username: user.username,
    name: user.name,
    firstname: user.firstname,
    lastname: user.lastname,
    image: user.image,
    type: user.type,
    age: ageFrom(user.profile.birthdate),
    verified: verifiedOf(user),
  };
}

/** Members' cards as their teammates see them, and the owner's lookup of someone to invite. */
export function createProfilesService({ users, teams, images }: ProfilesServiceDeps) {
  return {
    /**
     * `GET /api/user/other?username=`: the card of the caller or of someone sharing a team with them;
     * anyone else is 404 exactly as an unknown name. No e-mail, phone or birthdate: the age only.
     */
    async card(caller: Caller, username: string, options: { images: boolean; team: boolean }): Promise<MemberCard> {
      const viewer = await users.find(caller);
      const member = viewer && (await users.byUsername(caller.tenantId, username));
      const shared = member ? await teams.sharedTeams(caller.tenantId, member.id, viewer.id) : [];
      if (!viewer || !member || (member.id !== viewer.id && shared.length === 0)) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
      const card = cardOf(member);
      if (options.images) card.images = await images.readyOf(member.id);
      if (options.team) {
        const team = shared[0];
        card.team = team ? { owner: team.owner, channel: team.channel, description: team.description, logo: await images.logoOf(team.id) } : null;
      }
      return card;
    },

    /**
     * `PUT /api/team/members/{username}/verified`: the owner of a team the member is in marks the
     * member's current height, weight, jersey or position as verified (or withdraws it). Anyone else
     * is refused (403); a member of none of the owner's teams is 404.
     */
    async verify(caller: Caller, username: string, changes: Partial<Record<Measurable, boolean>>): Promise<MemberCard> {
      const viewer = await users.find(caller);
      if (!viewer) throw new AppError('FORBIDDEN', VERIFY_OWNER_ONLY);
      const team = await teams.ownedChannel(viewer, viewer.username, 'main', VERIFY_OWNER_ONLY);
      const member = await users.byUsername(caller.tenantId, username);
      const shared = member ? await teams.sharedTeams(caller.tenantId, member.id, viewer.id) : [];
      if (!member || !shared.some((t) => t.id === team.id)) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
      const values: Partial<Record<Measurable, unknown>> = {};
      for (const [key, on] of Object.entries(changes) as [Measurable, boolean | undefined][]) {
        if (on === undefined) continue;
        const current = member.profile[key];
        if (on && (current === undefined || current === '')) throw new AppError('BAD_REQUEST', nothingToVerify(key));
        values[key] = on ? current : null;
      }
      return cardOf(await users.setVerified(caller.tenantId, member.id, values));
    },

    /**
     * `GET /api/user/other?email=`: a team owner checking whom an invitation would reach; the name and
     * picture at most. Anyone who owns no team is refused (403); an unknown address is 404.
     */
    async inviteLookup(caller: Caller, email: string): Promise<InviteLookup> {
      const viewer = await users.find(caller);
      if (!viewer) throw new AppError('FORBIDDEN', EMAIL_LOOKUP_OWNER_ONLY);
      await teams.ownedChannel(viewer, viewer.username, 'main', EMAIL_LOOKUP_OWNER_ONLY);
      const found = await users.byEmail(caller.tenantId, email);
      if (!found) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
      return { username: found.username, name: found.name, image: found.image };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
