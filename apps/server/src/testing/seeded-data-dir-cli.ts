// Prints the path of a seeded PGlite data folder (made on first use): tooling/test-kit copies it for the
// server processes of the browser journeys, which would otherwise each migrate and seed for ~10 s.
import { seededDataDir } from './seeded-database'

process.stdout.write(`${await seededDataDir()}\n`)
