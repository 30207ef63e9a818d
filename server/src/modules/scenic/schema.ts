import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { SCENIC_LIMITS as L, type ScenicGrade } from '@console/shared';
import { editableColumns } from '../../db/columns';

/** Scenic spots (product.md, "Scenic spot"). Status and load are derived, never stored. */
export const scenicSpots = pgTable(
  'scenic_spots',
  {
    id: serial('id').primaryKey(),
    // Lengths come from the contract's limits (one definition per field).
    code: varchar('code', { length: L.codeMax }).notNull().unique(),
    name: varchar('name', { length: L.nameMax }).notNull(),
    /** Pinyin sort key of `name` (sortKeyOf), so Chinese names sort as readers expect. */
    nameSort: text('name_sort').notNull().default(''),
    grade: varchar('grade', { length: 8 }).$type<ScenicGrade>().notNull().default('none'),
    /** A value of the `scenic_category` dictionary. */
    category: varchar('category', { length: L.categoryMax }).notNull(),
    province: varchar('province', { length: L.regionMax }).notNull(),
    city: varchar('city', { length: L.regionMax }).notNull(),
    address: varchar('address', { length: L.addressMax }).notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** HH:mm in the spots' time zone (SCENIC_TIME_ZONE). */
    openTime: varchar('open_time', { length: 5 }).notNull(),
    closeTime: varchar('close_time', { length: 5 }).notNull(),
    avgVisitMinutes: integer('avg_visit_minutes').notNull(),
    description: varchar('description', { length: L.descriptionMax }).notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    dailyCapacity: integer('daily_capacity').notNull(),
    instantCapacity: integer('instant_capacity').notNull(),
    reservationRequired: boolean('reservation_required').notNull().default(false),
    certifiedGuidesOnly: boolean('certified_guides_only').notNull().default(false),
    maxPaxPerGuide: integer('max_pax_per_guide').notNull(),
    /** Ticket prices in fen. */
    priceAdult: integer('price_adult').notNull(),
    priceChild: integer('price_child').notNull(),
    /**
     * The latest flow reading's in-park count and time, kept with the spot so the list can
     * derive status and load for thousands of spots without touching the flow table.
     */
    liveInPark: integer('live_in_park').notNull().default(0),
    liveAt: timestamp('live_at', { withTimezone: true }),
    ...editableColumns(),
  },
  (t) => [
    index('scenic_spots_region_idx').on(t.province, t.city),
    index('scenic_spots_category_idx').on(t.category),
    index('scenic_spots_grade_idx').on(t.grade),
    index('scenic_spots_updated_idx').on(t.updatedAt),
  ],
);

/** Maintenance windows: a period of reduced (or no) capacity. Windows of a spot never overlap. */
export const scenicMaintenanceWindows = pgTable(
  'scenic_maintenance_windows',
  {
    id: serial('id').primaryKey(),
    spotId: integer('spot_id')
      .notNull()
      .references(() => scenicSpots.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    reason: varchar('reason', { length: L.reasonMax }).notNull(),
    /** Visitors allowed per day during the window; 0 = closed. */
    capacity: integer('capacity').notNull(),
    ...editableColumns(),
  },
  (t) => [index('scenic_windows_spot_idx').on(t.spotId, t.endAt, t.startAt)],
);

/**
 * Visitor flow readings from gates or staff. Sized for millions of rows: narrow, and read only
 * by spot and time range through (spot_id, at).
 */
export const scenicFlow = pgTable(
  'scenic_flow',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    spotId: integer('spot_id')
      .notNull()
      .references(() => scenicSpots.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    entries: integer('entries').notNull(),
    exits: integer('exits').notNull(),
    inPark: integer('in_park').notNull(),
    /** Gate key the reading came with; null when staff entered it. */
    gateKeyId: integer('gate_key_id'),
    recordedBy: integer('recorded_by'),
  },
  (t) => [index('scenic_flow_spot_at_idx').on(t.spotId, t.at)],
);

/**
 * Hourly roll-up of the flow (entries and exits summed, in-park at its peak), kept with every
 * ingest: hourly and daily load read it instead of scanning millions of readings.
 */
export const scenicFlowHourly = pgTable(
  'scenic_flow_hourly',
  {
    spotId: integer('spot_id')
      .notNull()
      .references(() => scenicSpots.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    entries: integer('entries').notNull(),
    exits: integer('exits').notNull(),
    peakInPark: integer('peak_in_park').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.spotId, t.hour] }),
    // All spots over a time range: the workplace's visitors today and popular spots, the
    // analyses (issue #16). It carries the entries, so those sums read the index alone (a day
    // of 10 000 spots: 9 ms against 600 ms through the heap, measured at bench volume).
    index('scenic_flow_hourly_hour_idx').on(t.hour, t.spotId, t.entries),
  ],
);

/** Per-spot API keys of gate devices; only the SHA-256 of a key is stored. */
export const scenicGateKeys = pgTable(
  'scenic_gate_keys',
  {
    id: serial('id').primaryKey(),
    spotId: integer('spot_id')
      .notNull()
      .references(() => scenicSpots.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: L.keyNameMax }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('scenic_gate_keys_spot_idx').on(t.spotId)],
);
