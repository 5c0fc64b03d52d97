import type { Services } from '../../../ports/tokens';

/** Opens the message drawer, once its machine has arrived (fetched now if it has not yet: the retry of a failed fetch). */
export function openDrawer(notifications: Services['notifications']): void {
  notifications.load().then(
    (actor) => actor.send({ type: 'drawer.open' }),
    () => undefined,
  );
}
