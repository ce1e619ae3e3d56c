import { createPendingCalls } from './pending-calls'

/** What a client needs of a Web Worker (a test passes a stand-in). */
export type WorkerPort<In, Out> = Pick<Worker, 'terminate'> & {
  postMessage(message: In): void
  onmessage: ((e: MessageEvent<Out>) => void) | null
  onerror: ((e: ErrorEvent) => void) | null
}

export interface WorkerClientOptions<In, Out, R> {
  /** Starts the worker; called at the first message, and again after the worker died or was disposed. */
  spawn: () => WorkerPort<In, Out>
  /** Handles each answer; `client` settles the calls waiting by id. */
  onMessage: (message: Out, client: WorkerClient<In, R>) => void
  /** Runs first whenever everything fails at once (the worker died, `fail`, `dispose`): drop state kept beside the calls. */
  onFail?: (error: Error) => void
  /** The error when the worker reports one without a message (it could not start). */
  crashMessage: string
}

/**
 * The page's side of a Web Worker: starts it lazily, sends messages, keeps the calls that wait for
 * an answer by id, and when the worker dies fails them all and starts a new worker at the next
 * message. The message protocol stays with each engine (`onMessage`).
 */
export interface WorkerClient<In, R> {
  /** Starts the worker now if it is not running (a throw of `spawn` reaches the caller). */
  start(): void
  /** Sends one message, starting the worker if needed. */
  post(message: In): void
  /** A call answered by id: `message` builds the message that carries the id. */
  call(message: (id: number) => In): Promise<R>
  resolve(id: number, value: R): void
  reject(id: number, error: Error): void
  /** Fails every waiting call (after `onFail`); the worker keeps running. */
  fail(error: Error): void
  /** Fails everything with "disposed" and stops the worker. */
  dispose(): void
}

export const createWorkerClient = <In, Out, R>({ spawn, onMessage, onFail, crashMessage }: WorkerClientOptions<In, Out, R>): WorkerClient<In, R> => {
  let worker: WorkerPort<In, Out> | null = null
  const calls = createPendingCalls<R>()

  const fail = (error: Error) => {
    onFail?.(error)
    calls.rejectAll(error)
  }

  const stop = (error: Error) => {
    fail(error)
    worker?.terminate()
    worker = null
  }

  const ensure = (): WorkerPort<In, Out> => {
    if (worker) return worker
    const w = spawn()
    w.onmessage = (event) => onMessage(event.data, client)
    w.onerror = (event) => stop(new Error(event.message || crashMessage))
    worker = w
    return w
  }

  const client: WorkerClient<In, R> = {
    start: () => void ensure(),
    post: (message) => ensure().postMessage(message),
    call: (message) => calls.call((id) => ensure().postMessage(message(id))),
    resolve: (id, value) => calls.resolve(id, value),
    reject: (id, error) => calls.reject(id, error),
    fail,
    dispose: () => stop(new Error('disposed')),
  }
  return client
}
