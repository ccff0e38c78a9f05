import { randomUUID } from 'node:crypto';
import { CODE_BUTTONS_MAX, type CodeButton, type CodeWindow, type putCodesBody } from '@app/contracts/film';
import type { z } from 'zod';
import type { Caller } from '../../caller';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { AppError } from '../../errors';
import { requireActiveTeam } from '../teams/active-team';
import type { Team, TeamsService } from '../teams/teams.service';
import { buttonNamed, freeColor, newButton, sportOf, starterButtons } from './code-window';
import type { CodesRepo } from './codes.repo';
import { requireFilmStudyMember } from './film-study-team';
import type { TagsRepo } from './tags.repo';

export const CODES_EDITORS_ONLY = 'Only the team owner or an editor can change the code window.';

/** The caller as the routes know it: with the roles of its access token (an editor may change any window of theirs). */
export type RoledCaller = Caller & { roles: readonly string[] };
/** A team and the caller, a member of it. */
export type TeamOfCaller = Awaited<ReturnType<TeamsService['memberChannelById']>>;

export interface CodesServiceDeps {
  db: Db;
  repo: CodesRepo;
  tags: Pick<TagsRepo, 'recode'>;
  teams: Pick<TeamsService, 'activeChannel' | 'teamOf'>;
}

/**
 * A team's code window: its buttons (stored whole; the first read stores the starter set of the team's sport)
 * and the team's members, the labels of the group 'Player'. The team's owner and editors change it.
 */
export function createCodesService({ db, repo, tags, teams }: CodesServiceDeps) {
  const mayEdit = (caller: RoledCaller, { user, channel }: TeamOfCaller) => channel.ownerUserId === user.id || caller.roles.includes('editor');

  /** The team's sport for its starter set: its owner's profile sport, else its latest game's, else none. */
  async function sportOfTeam(channelId: number, info: Team) {
    return sportOf(info.members[info.owner]?.sport) ?? sportOf(await repo.latestGameSport(channelId));
  }

  /** The window's buttons; the first read stores the starter set (a concurrent first read's stays, ids and all). */
  async function buttonsOf({ channel }: TeamOfCaller, info?: Team): Promise<CodeButton[]> {
    const stored = await repo.window(channel.id);
    if (stored) return stored;
    const buttons = starterButtons(await sportOfTeam(channel.id, info ?? (await teams.teamOf(channel))));
    await repo.insertFirst({ channelId: channel.id, tenantId: channel.tenantId, buttons });
    return (await repo.window(channel.id))!;
  }

  /** The window's buttons and the members' usernames (the labels of the group 'Player'). */
  async function labelsOf(team: TeamOfCaller): Promise<{ buttons: CodeButton[]; players: string[] }> {
    const info = await teams.teamOf(team.channel);
    return { buttons: await buttonsOf(team, info), players: Object.keys(info.members).sort((a, b) => a.localeCompare(b)) };
  }

  const windowOf = async (caller: RoledCaller, team: TeamOfCaller): Promise<CodeWindow> => ({ ...(await labelsOf(team)), canEdit: mayEdit(caller, team) });

  return {
    buttonsOf,
    labelsOf,

    /** `GET /api/team/codes`: the active team's window (403 for anyone in no team, and for a fan in it). */
    async get(caller: RoledCaller): Promise<CodeWindow> {
      return windowOf(caller, requireFilmStudyMember(await requireActiveTeam(teams, caller)));
    },

    /**
     * `PUT /api/team/codes {buttons}`: the whole window, by the team's owner or an editor (403 for other
     * members). A button keeps its `_id` (one the window does not have is a 400 naming it), a new one comes
     * without; a renamed button's tags take its new name, in the same transaction.
     */
    async put(caller: RoledCaller, body: z.output<typeof putCodesBody>): Promise<CodeWindow> {
      const team = requireFilmStudyMember(await requireActiveTeam(teams, caller));
      if (!mayEdit(caller, team)) throw new AppError('FORBIDDEN', CODES_EDITORS_ONLY);
      await buttonsOf(team);
      await db.transaction(async (tx) => {
        const stored = new Map((await repo.lockWindow(tx, team.channel.id))!.map((b) => [b._id, b]));
        const kept = new Set<string>();
        const buttons = body.buttons.map((b, i): CodeButton => {
          if (b._id === undefined) return { ...b, _id: randomUUID() };
          if (!stored.has(b._id)) throw new AppError('VALIDATION_FAILED', `body.buttons.${i}._id: The code window has no button '${b._id}'.`);
          if (kept.has(b._id)) throw new AppError('VALIDATION_FAILED', `body.buttons.${i}._id: The button '${b._id}' is listed twice.`);
          kept.add(b._id);
          return { ...b, _id: b._id };
        });
        const renames = buttons.flatMap((b) => {
          const before = stored.get(b._id);
          return before && before.name !== b.name ? [{ from: before.name, to: b.name }] : [];
        });
        await repo.saveWindow(tx, team.channel.id, buttons);
        await tags.recode(tx, team.channel.id, renames);
      });
      return windowOf(caller, team);
    },

    /**
     * In an import's transaction: the codes the window does not have (any case) become buttons with the
     * file's colour, else a free palette colour, and the defaults. Answers the window and the new names;
     * 400 when they would not fit in a window.
     */
    async addCodes(tx: Executor, team: TeamOfCaller, codes: readonly string[], colors: ReadonlyMap<string, string>): Promise<{ buttons: CodeButton[]; added: string[] }> {
      const buttons = [...(await repo.lockWindow(tx, team.channel.id))!];
      const added: string[] = [];
      for (const code of codes) {
        if (buttonNamed(buttons, code)) continue;
        buttons.push(newButton(code, colors.get(code.toLowerCase()) ?? freeColor(buttons)));
        added.push(code);
      }
      if (buttons.length > CODE_BUTTONS_MAX) {
        throw new AppError('VALIDATION_FAILED', `The file has ${added.length} codes the code window does not have: a window holds at most ${CODE_BUTTONS_MAX} buttons.`);
      }
      if (added.length > 0) await repo.saveWindow(tx, team.channel.id, buttons);
      return { buttons, added };
    },
  };
}
export type CodesService = ReturnType<typeof createCodesService>;
