import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createAssetsRepository } from './assets.repository'
import { BASE, bytes, CONTENT, drop, gameData, item, removeFixtures, setup, sha256, stage } from './assets-service.fixtures'

afterAll(removeFixtures)

describe('assets service following the game data', () => {
  /** The first 24 bytes of a PNG of `side` px (signature and IHDR): what the head check reads. */
  const pngHeader = (side: number) => {
    const b = Buffer.alloc(33)
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b)
    b.writeUInt32BE(13, 8)
    b.write('IHDR', 12, 'latin1')
    b.writeUInt32BE(side, 16)
    b.writeUInt32BE(side, 20)
    return new Uint8Array(b)
  }
  const HEAD_URL = `${BASE}/MaaAssistantArknights/MaaResource/main/resource/template/items/30175.png`
  /** A newer data version: a new stage dropping a new item, 30175, that no pinned file covers. */
  const newEvent = () => gameData({ stages: [stage('act90side_01', 'FE-1')], dropInfos: [drop('act90side_01', '30175')], items: [item('30175')] })
  const release = () => {
    let open = () => {}
    const gate = new Promise<void>((r) => (open = r))
    return { gate, open }
  }

  it('follows newer game data: lists the new item as unreadable while the old pack serves, then serves a pack with its head template', async () => {
    const served = { ...CONTENT }
    const { service, network, build, data, cacheDir } = setup({ served })
    service.start()
    await service.settled()
    const before = service.status()
    expect(before).toMatchObject({ state: 'ready', unreadable: [], updating: false })

    served['30175.png'] = pngHeader(105)
    data.current = newEvent()
    const hold = release()
    build.control.gate = hold.gate
    service.follow()
    await new Promise((r) => setTimeout(r, 20))
    // Rebuilding: the old pack still serves, the new item is named as unreadable.
    expect(service.status()).toMatchObject({
      state: 'ready',
      updating: true,
      recognizer: before.recognizer,
      unreadable: [{ itemId: '30175', name_i18n: { en: '30175en' }, servers: ['CN'] }],
    })
    hold.open()
    await service.settled()
    const after = service.status()
    expect(after).toMatchObject({ state: 'ready', updating: false, reason: null, unreadable: [] })
    expect(after.recognizer?.packUrl).not.toBe(before.recognizer?.packUrl)
    expect(network.net.requests.filter((u) => u === HEAD_URL)).toHaveLength(1)
    const input = build.calls.at(-1)!
    expect(input.stageData.stages.map((s) => s.stageId)).toEqual(['act90side_01', 'main_01-07'])
    expect(input.iconFiles.at(-1)).toBe(join(cacheDir, 'head', ...HEAD_URL.slice(BASE.length + 1).split('/')))
    // The stamp records what came from the head, with its SHA-256.
    const stamp = await createAssetsRepository({ cacheDir }).readStamp()
    expect(stamp?.head).toEqual([expect.objectContaining({ itemId: '30175', sha256: sha256(served['30175.png']), bytes: 33 })])

    // The same data again: nothing fetched, nothing built.
    const calls = build.calls.length
    service.follow()
    await service.settled()
    expect(build.calls.length).toBe(calls)
    expect(network.net.requests.filter((u) => u === HEAD_URL)).toHaveLength(1)
  })

  it('a new stage alone rebuilds the pack; a closed window does not make an item wanted', async () => {
    const { service, build, data } = setup()
    service.start()
    await service.settled()
    data.current = gameData({ stages: [stage('main_02-01', '2-1')], dropInfos: [drop('main_02-01', '2001'), drop('main_02-01', '31999', 1_000)], items: [item('31999')] })
    service.follow()
    await service.settled()
    expect(build.calls).toHaveLength(2)
    expect(build.calls[1]!.stageData.stages.map((s) => s.stageId)).toContain('main_02-01')
    expect(service.status().unreadable).toEqual([])
  })

  it('says which item it cannot read while MaaResource has no template, and picks it up at the next data version', async () => {
    const served = { ...CONTENT }
    const { service, network, build, data } = setup({ served })
    service.start()
    await service.settled()
    data.current = newEvent()
    service.follow()
    await service.settled()
    // A 404 is no failure: the pack with the new stage serves, the item is listed.
    expect(service.status()).toMatchObject({ state: 'ready', reason: null, unreadable: [{ itemId: '30175' }] })
    expect(build.calls).toHaveLength(2)
    served['30175.png'] = pngHeader(105)
    service.follow()
    await service.settled()
    expect(service.status()).toMatchObject({ state: 'ready', unreadable: [] })
    expect(build.calls).toHaveLength(3)
    expect(network.net.requests.filter((u) => u === HEAD_URL)).toHaveLength(2)
    await service.stop()
  })

  it.each([
    ['an HTML page', bytes('<html>rate limited</html>'), /not a PNG image: file rejected\); retrying in 5 s$/],
    ['a huge image', pngHeader(4000), /4000×4000 px, not an item template: file rejected\); retrying in 5 s$/],
    ['a body over 256 KB', new Uint8Array(300 * 1024), /more than 262144 bytes: file rejected\); retrying in 5 s$/],
  ])('refuses %s from the head: the item stays unreadable, the reason says why, the pack still serves', async (_name, body, reason) => {
    const served = { ...CONTENT, '30175.png': body }
    const { service, data } = setup({ served })
    service.start()
    await service.settled()
    const packUrl = service.status().recognizer?.packUrl
    data.current = newEvent()
    service.follow()
    await service.settled()
    const s = service.status()
    expect(s).toMatchObject({ state: 'ready', unreadable: [{ itemId: '30175' }] })
    expect(s.reason).toMatch(
      /^templates of 1 item\(s\) could not be fetched \(http:\/\/mirror\.test\/MaaAssistantArknights\/MaaResource\/main\/resource\/template\/items\/30175\.png: /,
    )
    expect(s.reason).toMatch(reason)
    expect(s.recognizer?.packUrl).not.toBe(packUrl) // the new stage is in; only the item waits
    await service.stop()
  })

  it('keeps the served pack when following fails, and says why', async () => {
    const { service, data, build } = setup()
    service.start()
    await service.settled()
    const before = service.status()
    data.current = newEvent()
    build.control.gate = Promise.reject(new Error('worker crashed'))
    build.control.gate.catch(() => {})
    service.follow()
    await service.settled()
    expect(service.status()).toMatchObject({ state: 'ready', recognizer: before.recognizer, itemIcons: before.itemIcons, updating: false })
    expect(service.status().reason).toBe('could not follow the game data: building failed: worker crashed; retrying in 5 s')
    await service.stop()
  })

  it('lists nothing for the operator pack (what it can read is not known here)', async () => {
    const { service, data } = setup({ operatorPackUrl: '/recognizer-pack/' })
    data.current = newEvent()
    service.start()
    await service.settled()
    expect(service.status().unreadable).toEqual([])
    await service.stop()
  })
})
