/**
 * Photos as a phone takes them: with EXIF naming the device and where the picture was taken (a GPS
 * position in Beijing), optionally an orientation the viewer must apply, XMP and a comment.
 */
import sharp from 'sharp';

export const GPS_EXIF = {
  IFD0: { Make: 'QGW Phone', Model: 'Test 1', Artist: 'Applicant' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 2710/100', GPSLongitudeRef: 'E', GPSLongitude: '116/1 23/1 1710/100' },
};

export const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Applicant Home"/></rdf:RDF></x:xmpmeta>';

export interface PhotoOptions {
  kind: 'jpeg' | 'png' | 'webp';
  width?: number;
  height?: number;
  /** EXIF orientation (6: the pixels are stored turned 90° anticlockwise, to be shown turned back) */
  orientation?: number;
}

/** A two-colour picture (left half red, right half blue) so that a rotation can be seen in its pixels. */
export async function gpsPhoto(o: PhotoOptions): Promise<Buffer> {
  const width = o.width ?? 40;
  const height = o.height ?? 20;
  const left = await sharp({ create: { width: width / 2, height, channels: 3, background: '#ff0000' } }).png().toBuffer();
  let img = sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .withExif(GPS_EXIF)
    .withXmp(XMP);
  if (o.orientation) img = img.withMetadata({ orientation: o.orientation });
  return o.kind === 'jpeg' ? img.jpeg({ quality: 95 }).toBuffer() : o.kind === 'png' ? img.png().toBuffer() : img.webp({ quality: 95 }).toBuffer();
}

/** The colour at a pixel, as [r, g, b]. */
export async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i] as number, data[i + 1] as number, data[i + 2] as number];
}
