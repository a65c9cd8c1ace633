// The models `npm run models` knows: where each is published, its size and its SHA-256.
//
// Checksums are the SHA-256 of each file as served. Neither whisper.cpp nor sherpa-onnx
// publishes them in a README (whisper.cpp's models/README lists SHA-1 only). The whisper values
// are Hugging Face's LFS object ids (`oid sha256:`) as recorded by independent projects that
// download and verify these files (Nix fetchurl hashes, which fail a build on a mismatch, and
// download catalogues in TypeScript, Rust and C#), at least two agreeing for every model. The
// speaker models are GitHub release assets (no LFS): campplus-en-voxceleb's value agrees across
// six projects; eres2net-en-voxceleb's was found in one only. Sizes are the exact byte counts
// those projects record; `approximate` marks the one known only as a MiB figure (whisper.cpp's
// models/README), used only for the disk-space check. `pull` refuses a file that does not match.

export type ModelKind = 'whisper' | 'speaker-embedding';

export interface CatalogueModel {
  /** What the user types: `npm run models -- pull small`. */
  name: string;
  kind: ModelKind;
  /** File name in DATA_DIR/models, and the last part of the URL. */
  file: string;
  /** The public URL (a mirror replaces everything before `file`, see modelUrl). */
  url: string;
  bytes: number;
  /** True when `bytes` is a rounded published figure rather than the exact size. */
  approximate?: boolean;
  sha256: string;
  /** Whisper: recognises languages other than English and detects which one is spoken. */
  multilingual?: boolean;
  /**
   * Whisper: preference when several are present (higher wins). Ordered by the accuracy
   * OpenAI reports for the model sizes (large > medium > small > base > tiny); at one size a
   * multilingual model comes first because it transcribes any language and says which.
   */
  rank?: number;
  description: string;
}

const WHISPER = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main/';
const SPEAKER =
  'https://github.com/k2-fsa/sherpa-onnx/releases/download/speaker-recongition-models/';

const whisper = (
  name: string,
  bytes: number,
  sha256: string,
  rank: number,
  description: string,
  approximate = false,
): CatalogueModel => ({
  name,
  kind: 'whisper',
  file: `ggml-${name}.bin`,
  url: `${WHISPER}ggml-${name}.bin`,
  bytes,
  ...(approximate ? { approximate } : {}),
  sha256,
  multilingual: !name.includes('.en'),
  rank,
  description,
});

export const CATALOGUE: readonly CatalogueModel[] = [
  whisper(
    'tiny.en',
    77_704_715,
    '921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f',
    1,
    'Whisper tiny, English only',
  ),
  whisper(
    'tiny',
    77_691_713,
    'be07e048e1e599ad46341c8d2a135645097a538221678b7acdd1b1919c6e1b21',
    2,
    'Whisper tiny, 99 languages with detection',
  ),
  whisper(
    'base.en',
    147_964_211,
    'a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002',
    3,
    'Whisper base, English only',
  ),
  whisper(
    'base',
    147_951_465,
    '60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe',
    4,
    'Whisper base, 99 languages with detection',
  ),
  whisper(
    'small.en',
    487_614_201,
    'c6138d6d58ecc8322097e0f987c32f1be8bb0a18532a3f88f734d1bbf9c41e5d',
    5,
    'Whisper small, English only',
  ),
  whisper(
    'small',
    487_601_967,
    '1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b',
    6,
    'Whisper small, 99 languages with detection',
  ),
  // medium.en: no exact byte count found; 1.5 GiB is whisper.cpp's models/README figure.
  whisper(
    'medium.en',
    1_610_612_736,
    'cc37e93478338ec7700281a7ac30a10128929eb8f427dda2e865faa8f6da4356',
    7,
    'Whisper medium, English only',
    true,
  ),
  whisper(
    'medium',
    1_533_763_059,
    '6c14d5adee5f86394037b4e4e8b59f1673b6cee10e3cf0b11bbdbee79c156208',
    8,
    'Whisper medium, 99 languages with detection',
  ),
  whisper(
    'large-v3-turbo-q5_0',
    574_041_195,
    '394221709cd5ad1f40c46e6031ca61bce88931e6e088c188294c6d5a55ffa7e2',
    9,
    'Whisper large-v3 turbo, 5-bit quantized: a third of the size, 99 languages',
  ),
  whisper(
    'large-v3-turbo',
    1_624_555_275,
    '1fc70f774d38eb169993ac391eea357ef47c88757ef72ee5943879b7e8e2bc69',
    10,
    'Whisper large-v3 turbo (4 decoder layers), 99 languages with detection',
  ),
  whisper(
    'large-v3',
    3_095_033_483,
    '64d182b440b98d5203c4f9bd541544d84c605196c4f7b845dfa11fb23594d1e2',
    11,
    'Whisper large-v3, 99 languages with detection; slow on a CPU',
  ),
  {
    name: 'campplus-en-voxceleb',
    kind: 'speaker-embedding',
    file: '3dspeaker_speech_campplus_sv_en_voxceleb_16k.onnx',
    url: `${SPEAKER}3dspeaker_speech_campplus_sv_en_voxceleb_16k.onnx`,
    bytes: 29_596_978,
    sha256: '357a834f702b80161e5b981182c038e18553c1f2ca752ed6cec2052365d4129b',
    description:
      '3D-Speaker CAM++ trained on VoxCeleb (English), 512-value voice embeddings for sherpa-onnx',
  },
  {
    name: 'eres2net-en-voxceleb',
    kind: 'speaker-embedding',
    file: '3dspeaker_speech_eres2net_sv_en_voxceleb_16k.onnx',
    url: `${SPEAKER}3dspeaker_speech_eres2net_sv_en_voxceleb_16k.onnx`,
    bytes: 26_485_263,
    sha256: 'c59158379255ad66e161679cca6af8d52d51e389e3224ab7d7a7baae295c2db5',
    description:
      '3D-Speaker ERes2Net trained on VoxCeleb (English), 192-value voice embeddings for sherpa-onnx',
  },
];

export const findModel = (name: string): CatalogueModel | undefined =>
  CATALOGUE.find((m) => m.name === name || m.file === name);

/** The URL to fetch: the published one, or `file` under a mirror (MODELS_BASE_URL). */
export function modelUrl(model: CatalogueModel, mirror?: string): string {
  if (!mirror) return model.url;
  return `${mirror.replace(/\/+$/, '')}/${model.file}`;
}
