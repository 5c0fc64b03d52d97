import { useSelector } from '@xstate/react';
import type { Theme } from '../../domain/theme/theme';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';

/** The current theme and a toggle, read from the container's theme actor. */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const actor = useService(TOKENS.theme);
  const theme = useSelector(actor, (snapshot) => snapshot.context.theme);
  return { theme, toggle: () => actor.send({ type: 'theme.toggle' }) };
}
