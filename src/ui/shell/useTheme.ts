import { useSelector } from '../hooks/useSelector';
import type { Theme } from '../../domain/theme/theme';
import { TOKENS } from '../../ports/tokens';
import { useHydrated, usePageData } from '../app/pageData';
import { useService } from '../di';

/** The current theme and a toggle, read from the container's theme actor. */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const actor = useService(TOKENS.theme);
  const current = useSelector(actor, (snapshot) => snapshot.context.theme);
  // Hydration shows the theme the server rendered; the reader's own (local hour, storage) follows at once.
  const rendered = usePageData().seed?.theme;
  const theme = useHydrated() || !rendered ? current : rendered;
  return { theme, toggle: () => actor.send({ type: 'theme.toggle' }) };
}
