import sharp from 'sharp'
const [src, out, l, t, w, h, s] = process.argv.slice(2)
await sharp(src).extract({ left: +l, top: +t, width: +w, height: +h }).resize({ width: Math.round(+w * +s), kernel: 'nearest' }).png().toFile(out)
