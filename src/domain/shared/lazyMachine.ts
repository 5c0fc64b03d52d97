/**
 * A machine built when it is first used instead of when its module loads. Building one lays out every state
 * and transition (xstate's StateNode tree), and the app's machines built at load were a quarter of evaluating
 * its code on a slow phone, in the one long task that evaluation is; most are only ever used through
 * `.provide(…)`, which builds another. The stand-in forwards everything to the machine, made on the first
 * access, so it is used exactly as the machine is (`createActor`, `.provide`, its types).
 */
export function lazyMachine<T extends object>(make: () => T): T {
  let made: T | undefined;
  const machine = () => (made ??= make());
  return new Proxy({} as T, {
    get(_, key) {
      const value: unknown = Reflect.get(machine(), key);
      // Its methods run on the machine itself, not on the stand-in.
      return typeof value === 'function' ? value.bind(machine()) : value;
    },
    has: (_, key) => Reflect.has(machine(), key),
    ownKeys: () => Reflect.ownKeys(machine()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(machine(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(machine()),
  });
}
