// The admin's real-time monitor (issue #16 part 3): the load board and a spot's panels, read
// through the scenic service, and the dispatch chat (persisted; every new message is a live
// event published after its transaction commits). No HTTP here.
import {
  localDate,
  MONITOR_BOARD_MAX,
  type ChatListQuery,
  type ChatMessage,
  type ChatPage,
  type Clock,
  type MonitorBoard,
  type MonitorBoardSpot,
  type MonitorSpotPanel,
  type ScenicSpot,
} from '@console/shared';
import type { Db } from '../../db/types';
import type { EventBus } from '../../events/bus';
import { notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/writer';
import type { ScenicServices } from '../scenic/scenic-services';
import * as q from './queries';

const AUDIT_CHAT = 'chat_message';

const chatNotFound = () => notFound({ 'zh-CN': '聊天消息不存在', 'en-US': 'No such chat message' });

export class MonitorService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Spots, their load, windows and planned teams belong to the scenic module. */
    private readonly scenic: ScenicServices,
    private readonly events: EventBus,
  ) {}

  // Load board ------------------------------------------------------------------------------

  async board(): Promise<MonitorBoard> {
    const { spots, total, warningPercent } = await this.scenic.spots.loadBoard(MONITOR_BOARD_MAX);
    return {
      spots: spots.map(boardSpot),
      total,
      warningPercent,
      at: this.clock.now().toISOString(),
    };
  }

  async spotPanel(spotId: number): Promise<MonitorSpotPanel> {
    const spot = await this.scenic.spots.get(spotId);
    const [windows, planned, today] = await Promise.all([
      this.scenic.windows.list(spotId),
      this.scenic.spots.plannedTeams(spotId),
      this.scenic.flow.load(spotId, { bucket: '1d' }),
    ]);
    const day = localDate(this.clock.now());
    const teams = new Map<number, MonitorSpotPanel['plannedToday'][number]>();
    for (const t of planned) {
      if (t.day === day && !teams.has(t.teamId))
        teams.set(t.teamId, {
          teamId: t.teamId,
          code: t.code,
          name: t.name,
          pax: t.pax,
          status: t.status,
        });
    }
    return {
      spot: {
        ...boardSpot(spot),
        grade: spot.grade,
        province: spot.province,
        address: spot.address,
        dailyCapacity: spot.dailyCapacity,
        avgVisitMinutes: spot.avgVisitMinutes,
        reservationRequired: spot.reservationRequired,
      },
      windows: windows
        .filter((w) => w.phase !== 'past')
        .sort((a, b) => a.startAt.localeCompare(b.startAt))
        .map(({ id, startAt, endAt, reason, capacity, phase }) => ({
          id,
          startAt,
          endAt,
          reason,
          capacity,
          phase,
        })),
      plannedToday: [...teams.values()],
      entriesToday: today.totalEntries,
    };
  }

  // Dispatch chat ---------------------------------------------------------------------------

  async chatHistory(readerId: number, query: ChatListQuery): Promise<ChatPage> {
    // One more than the page tells whether an older page exists.
    const rows = await q.chatPage(this.db, readerId, query.before, query.pageSize + 1);
    const list = rows.slice(0, query.pageSize).map(toChat);
    const next = rows.length > query.pageSize ? list[list.length - 1].id : null;
    return { list, next };
  }

  async chatMessage(readerId: number, id: number): Promise<ChatMessage> {
    const row = await q.findChat(this.db, readerId, id);
    if (!row) throw chatNotFound();
    return toChat(row);
  }

  /** Stores the message and tells every open monitor once it committed. */
  async sendChat(
    sender: { userId: number; username: string },
    content: string,
  ): Promise<ChatMessage> {
    const id = await this.events.transaction(this.db, async (tx, emit) => {
      const id = await q.insertChat(tx, {
        userId: sender.userId,
        username: sender.username,
        content,
        time: this.clock.now(),
      });
      await recordAudit(tx, {
        entityType: AUDIT_CHAT,
        entityId: id,
        diff: { content: { before: null, after: content } },
      });
      emit({ type: 'chat.message.created', messageId: id });
      return id;
    });
    return this.chatMessage(sender.userId, id);
  }

  /** Stars or unstars a message for this reader only (the seed's `isCollect`). */
  async setStar(readerId: number, id: number, starred: boolean): Promise<ChatMessage> {
    await this.db.transaction(async (tx) => {
      if (!(await q.findChat(tx, readerId, id))) throw chatNotFound();
      if (starred) await q.star(tx, id, readerId);
      else await q.unstar(tx, id, readerId);
      await recordAudit(tx, {
        entityType: AUDIT_CHAT,
        entityId: id,
        diff: { starred: { before: !starred, after: starred } },
      });
    });
    return this.chatMessage(readerId, id);
  }
}

function boardSpot(spot: ScenicSpot): MonitorBoardSpot {
  return {
    id: spot.id,
    code: spot.code,
    name: spot.name,
    city: spot.city,
    status: spot.status,
    openTime: spot.openTime,
    closeTime: spot.closeTime,
    instantCapacity: spot.instantCapacity,
    load: spot.load,
    maintenance: spot.activeWindow
      ? { endAt: spot.activeWindow.endAt, capacity: spot.activeWindow.capacity }
      : null,
  };
}

function toChat(row: q.ChatRow): ChatMessage {
  return {
    id: row.id,
    userId: row.userId,
    username: row.username,
    name: row.name || row.username,
    avatar: row.avatar ?? '',
    content: row.content,
    time: new Date(row.time).toISOString(),
    starred: Boolean(row.starred),
  };
}
