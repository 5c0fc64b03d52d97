import type { Greeting } from '../domain/shared/greeting';
import * as zhCN from './zh-CN';

/** Turns the domain's greeting decision into the catalogue's sentence. */
export function greetingText(greeting: Greeting): string {
  const period = zhCN.greeting.periods[greeting.period];
  switch (greeting.audience) {
    case 'special':
      return zhCN.greeting.special(period, greeting.userName ?? '');
    case 'named':
      return zhCN.greeting.named(period, greeting.userName ?? '');
    default:
      return zhCN.greeting.anonymous(period);
  }
}
