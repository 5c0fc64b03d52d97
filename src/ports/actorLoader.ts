/**
 * A long-lived actor whose machine is a chunk of its own, kept out of the first load: fetched and started on
 * first use (or when a signed-in reader's start needs it), fetched ahead when the browser is idle.
 */
export interface ActorLoader<A> {
  /** Fetches the code once and starts the actor; every later call answers the same actor. */
  load(): Promise<A>;
  /** Fetches the code without starting anything; resolves once it is in or its fetch failed, never rejects. */
  preload(): Promise<void>;
  /** The actor once started, else null (always null in a server render, which starts nothing). */
  current(): A | null;
  /** Called once, when the actor has started. */
  subscribe(listener: () => void): () => void;
}
