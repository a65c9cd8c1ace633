/** A face box in pixels of the analysed frame (or image): the extent of the face mesh. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Degrees. Pitch up is negative (chin up), yaw positive turns to the image's left. */
export interface HeadAngles {
  pitch: number;
  yaw: number;
  roll: number;
}

/** Human's gaze: bearing in radians (0 = looking right in the image), strength 0..1. */
export interface GazeVector {
  bearing: number;
  strength: number;
}

/** One face in one frame as the model reports it (angles in radians, as Human gives them). */
export interface RawFace {
  score: number;
  box: Box;
  /** 478 points (468 mesh + 10 iris), pixels. */
  mesh: [number, number][];
  angles?: HeadAngles;
  gaze?: GazeVector;
  age?: number;
  gender?: 'male' | 'female';
  genderScore?: number;
  /** Model label (angry, disgust, fear, happy, sad, surprise, neutral) to score. */
  emotions: Record<string, number>;
  /** 1024 values; empty when the description model did not run. */
  embedding: number[];
}

/** A decoded RGB frame (rgb24, row-major) at time t seconds. */
export interface Frame {
  t: number;
  width: number;
  height: number;
  rgb: Uint8Array;
}
