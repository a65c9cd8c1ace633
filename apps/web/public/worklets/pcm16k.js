/* global sampleRate, registerProcessor, AudioWorkletProcessor */
// The Parley Notetaker's per-participant audio, in the audio thread: 16 kHz mono Int16 in
// 100 ms frames. Each output sample averages the input samples of its span (a box filter,
// enough against aliasing for speech at 16 kHz).
const RATE = 16000;
const FRAME = RATE / 10;

class Pcm16k extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = sampleRate / RATE;
    this.acc = 0;
    this.sum = 0;
    this.n = 0;
    this.frame = new Int16Array(FRAME);
    this.len = 0;
  }

  process(inputs) {
    const ch = inputs[0] && inputs[0][0];
    if (!ch) return true;
    for (let i = 0; i < ch.length; i++) {
      this.sum += ch[i];
      this.n += 1;
      this.acc += 1;
      if (this.acc >= this.step) {
        this.acc -= this.step;
        const v = Math.max(-1, Math.min(1, this.sum / this.n));
        this.frame[this.len++] = v < 0 ? v * 32768 : v * 32767;
        this.sum = 0;
        this.n = 0;
        if (this.len === FRAME) {
          this.port.postMessage(this.frame.buffer, [this.frame.buffer]);
          this.frame = new Int16Array(FRAME);
          this.len = 0;
        }
      }
    }
    return true;
  }
}
registerProcessor('pcm16k', Pcm16k);
