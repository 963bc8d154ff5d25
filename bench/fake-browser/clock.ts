// A clock the browsing simulation moves by hand: `Date.now()` and `new Date()` read it, so every
// module's notion of "ten minutes later" (freshness, cache lifetimes) follows the simulation,
// while timers (request timeouts) keep real time. Imported first, before the modules that read it.
const RealDate = Date;
let now = RealDate.now();

class SimulatedDate extends RealDate {
  constructor(...args: ConstructorParameters<DateConstructor> | []) {
    if (args.length === 0) super(now);
    else super(...(args as ConstructorParameters<DateConstructor>));
  }
  static override now(): number {
    return now;
  }
}
globalThis.Date = SimulatedDate as DateConstructor;

export const clock = {
  now: () => now,
  advance(ms: number): void {
    now += ms;
  },
};
