export const SERVER_KEYS = { CN: 'server.servers.CN', US: 'server.servers.US', JP: 'server.servers.JP', KR: 'server.servers.KR' } as const
