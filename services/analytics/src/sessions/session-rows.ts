import type { SessionEventValues, SessionValues } from './sessions.repository';
import { rangesFromSql, rangesToSql, unionRanges, type SessionState } from './session-merge';
import type { StoredWrite } from './session-store';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const date = (value: string | null): Date | null => (value === null ? null : new Date(value));

/** A stored session as the merge takes it. */
export function sessionOf(row: SessionValues): SessionState {
  return {
    sessionId: row.session_id,
    filmId: row.film_id,
    day: row.day,
    userId: row.user_id,
    writer: row.writer,
    viewerKey: row.viewer_key,
    deviceType: row.device_type,
    agentDevice: row.agent_device,
    browser: row.browser,
    os: row.os,
    country: row.country,
    referrer: row.referrer,
    startedAt: new Date(row.started_at),
    startPosition: Number(row.start_position),
    endPosition: Number(row.end_position),
    maxPosition: Number(row.max_position),
    totalWatchTime: Number(row.total_watch_time),
    pauseCount: row.pause_count,
    seekCount: row.seek_count,
    clientUpdatedAt: new Date(row.client_updated_at),
    endedAt: date(row.ended_at),
    watched: rangesFromSql(row.watched),
    bitrateKbps: row.bitrate_kbps,
    lastReceivedAt: new Date(row.last_received_at),
    qualifiedAt: date(row.qualified_at),
    completed: row.completed,
    progressPublishedAt: date(row.progress_published_at),
  };
}

/** A merged session as viewing_sessions stores it. */
export function sessionValuesOf(state: SessionState): SessionValues {
  return {
    session_id: state.sessionId,
    film_id: state.filmId,
    day: state.day,
    user_id: state.userId,
    writer: state.writer,
    viewer_key: state.viewerKey,
    device_type: state.deviceType,
    agent_device: state.agentDevice,
    browser: state.browser,
    os: state.os,
    country: state.country,
    referrer: state.referrer,
    started_at: state.startedAt.toISOString(),
    start_position: state.startPosition,
    end_position: state.endPosition,
    max_position: state.maxPosition,
    total_watch_time: state.totalWatchTime,
    pause_count: state.pauseCount,
    seek_count: state.seekCount,
    client_updated_at: state.clientUpdatedAt.toISOString(),
    ended_at: iso(state.endedAt),
    watched: rangesToSql(state.watched),
    bitrate_kbps: state.bitrateKbps,
    last_received_at: state.lastReceivedAt.toISOString(),
    qualified_at: iso(state.qualifiedAt),
    completed: state.completed,
    progress_published_at: iso(state.progressPublishedAt),
  };
}

/** A write as session_events stores it: empty texts as nulls, the start position on the start only. */
export function eventValuesOf(write: StoredWrite): SessionEventValues {
  return {
    event_id: write.eventId,
    session_id: write.sessionId,
    kind: write.kind,
    film_id: write.filmId,
    day: write.day,
    user_id: write.userId,
    writer: write.writer,
    viewer_key: write.viewerKey || null,
    device_type: write.deviceType || null,
    agent_device: write.agentDevice || null,
    browser: write.browser || null,
    os: write.os || null,
    country: write.country || null,
    referrer: write.referrer || null,
    started_at: write.startedAt.toISOString(),
    start_position: write.started ? write.startPosition : null,
    end_position: write.endPosition,
    total_watch_time: write.totalWatchTime,
    pause_count: write.pauseCount,
    seek_count: write.seekCount,
    client_updated_at: write.clientUpdatedAt.toISOString(),
    ended_at: iso(write.endedAt),
    watched: rangesToSql(unionRanges(write.watched, [])),
    bitrate_kbps: write.bitrateKbps,
    received_at: write.receivedAt.toISOString(),
  };
}
