// What the guide module asks of the team module, which owns teams, assignments and feedback.
// The team module's implementations are passed in through the constructors in
// server/src/services.ts.
import type {
  GuideFeedbackItem,
  GuideFigures,
  GuideRecordsQuery,
  GuideStatus,
  GuideTeamLed,
  Page,
  UnavailabilityType,
} from '@console/shared';
import type { DbOrTx, Tx } from '../../db/types';

/** Derived figures of guides (teams led, days worked in 30 days, average rating). */
export type GuideFiguresSource = (
  db: DbOrTx,
  guideIds: number[],
  today: string,
) => Promise<Map<number, GuideFigures>>;

/**
 * The lists behind two of those figures, on the profile: the teams the guide led (its total
 * is `teamsLed`) and the feedback on the guide (its mean is `averageRating`).
 */
export interface GuideRecordsSource {
  teamsLed(db: DbOrTx, guideId: number, page: GuideRecordsQuery): Promise<Page<GuideTeamLed>>;
  feedback(db: DbOrTx, guideId: number, page: GuideRecordsQuery): Promise<Page<GuideFeedbackItem>>;
}

/**
 * A guide stopped being available from `from` (status no longer active) or over a new
 * period of leave: the team module makes a todo for the dispatchers of every team the guide
 * is still assigned to then (issue #13 point 8). Runs in the guide write's transaction and
 * answers the users it wrote a new message to (for the live push).
 */
export interface GuideAbsence {
  guideId: number;
  from: string;
  /** null: open-ended (a status change). */
  to: string | null;
  /** What happened, for the message and its dedupe key. */
  cause:
    | { kind: 'status'; status: GuideStatus; at: Date }
    | { kind: 'leave'; periodId: number; type: UnavailabilityType };
}
export type GuideAbsenceHook = (tx: Tx, absence: GuideAbsence) => Promise<number[]>;
