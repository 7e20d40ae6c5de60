import { PNG } from 'pngjs';
import { brandIconPng } from './png';

describe('brandIconPng', () => {
  it('draws a valid square PNG: the teal disc with a white smile, transparent corners', () => {
    const image = PNG.sync.read(brandIconPng(58));
    expect([image.width, image.height]).toEqual([58, 58]);
    const pixel = (x: number, y: number) =>
      Array.from(image.data.subarray((y * 58 + x) * 4, (y * 58 + x) * 4 + 4));
    expect(pixel(0, 0)[3]).toBe(0);
    expect(pixel(29, 8)).toEqual([0x00, 0x71, 0x6b, 255]);
  });
});
