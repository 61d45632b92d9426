import type { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from '../../src/platform/config/app-config';
import { UnitOfWork } from '../../src/platform/database/unit-of-work';
import { ChangeEvents, followChanges, type ChangeTopic } from '../../src/platform/events/change-events';

/** Change events of one instance (no Redis) on `dataSource`, with `cache` following `topic`. */
export function changeEventsFollowing(dataSource: DataSource, topic: ChangeTopic, cache: { invalidate(): void }): ChangeEvents {
  const events = new ChangeEvents(new AppConfig({ ...loadConfig({ LOG_LEVEL: 'silent' }), redisUrl: null }), new UnitOfWork(dataSource));
  followChanges(events, topic, cache);
  return events;
}
