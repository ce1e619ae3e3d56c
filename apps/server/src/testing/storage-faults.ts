/**
 * Storage faults for a server process of a test's own: loaded before the server with `node --import`
 * (`spawnServer(env, { preload: [STORAGE_FAULTS] })`), never imported by the app, so nothing of it exists in
 * a production process. Every 25 ms it reads the fault to inject from the file `DROPWISE_STORAGE_FAULT_FILE`
 * names (the test writes it; missing or empty: none):
 * - `full`: a full disk. A write that would grow a file fails with ENOSPC; a write inside a file's current
 *   size goes through, as on a real full disk (PostgreSQL preallocates its WAL segments for this reason).
 * - `eio`: an I/O error. Every write to a file fails with EIO (a WAL write too: PostgreSQL answers PANIC).
 * - `hang`: a disk that stops answering (a lost network volume). A write to a file blocks the thread until
 *   the file says otherwise: the process is frozen, as PGlite freezes after some PANICs.
 * Only file writes (descriptors above 2): the process's own lines on stdout and stderr still go out.
 */
import fs from 'node:fs'

type Fault = 'none' | 'full' | 'eio' | 'hang'

const controlFile = process.env.DROPWISE_STORAGE_FAULT_FILE
let fault: Fault = 'none'
const parse = (text: string): Fault => {
  const next = text.trim()
  return next === 'full' || next === 'eio' || next === 'hang' ? next : 'none'
}
const readNow = (): Fault => {
  try {
    return controlFile ? parse(fs.readFileSync(controlFile, 'utf8')) : 'none'
  } catch {
    return 'none'
  }
}
const pause = new Int32Array(new SharedArrayBuffer(4))

const readFault = () => {
  if (!controlFile) return
  fs.readFile(controlFile, 'utf8', (err, text) => (fault = parse(err ? '' : text)))
}
readFault()
setInterval(readFault, 25).unref()

const failure = (code: 'ENOSPC' | 'EIO') =>
  Object.assign(new Error(code === 'ENOSPC' ? 'ENOSPC: no space left on device, write' : 'EIO: i/o error, write'), {
    code,
    errno: code === 'ENOSPC' ? -28 : -5,
    syscall: 'write',
  })

const grows = (fd: number, rest: unknown[]) => {
  // writeSync(fd, buffer, offset?, length?, position?) or writeSync(fd, string, position?, encoding?)
  const [data, a, b, c] = rest
  const isString = typeof data === 'string'
  const length = isString ? Buffer.byteLength(data) : typeof b === 'number' ? b : (data as ArrayBufferView).byteLength - (typeof a === 'number' ? a : 0)
  const position = isString ? a : c
  // Without a position the write appends at the descriptor's offset: count it as growing the file.
  if (typeof position !== 'number') return true
  return position + length > fs.fstatSync(fd).size
}

const original = fs.writeSync
fs.writeSync = ((fd: number, ...rest: unknown[]) => {
  // The event loop stands still here, so the file is read in place until the disk is back.
  if (fd > 2 && fault === 'hang') while ((fault = readNow()) === 'hang') Atomics.wait(pause, 0, 0, 50)
  if (fd > 2 && fault === 'eio') throw failure('EIO')
  if (fd > 2 && fault === 'full' && grows(fd, rest)) throw failure('ENOSPC')
  return (original as (...args: unknown[]) => number)(fd, ...rest)
}) as typeof fs.writeSync
