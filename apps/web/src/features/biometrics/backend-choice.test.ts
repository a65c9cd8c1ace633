import { describe, expect, it } from 'vitest';
import { backendOrder, isSoftwareRenderer } from './backend-choice';

describe('backendOrder', () => {
  it('puts WebGL first when a GPU draws it', () => {
    expect(
      backendOrder('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0)'),
    ).toEqual(['webgl', 'wasm', 'cpu']);
    expect(backendOrder('Apple M2')).toEqual(['webgl', 'wasm', 'cpu']);
  });

  it('leaves software WebGL out: it is far slower than WASM', () => {
    const headless =
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';
    expect(backendOrder(headless)).toEqual(['wasm', 'cpu']);
    expect(backendOrder('llvmpipe (LLVM 15.0.6, 256 bits)')).toEqual(['wasm', 'cpu']);
    expect(backendOrder('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11)')).toEqual([
      'wasm',
      'cpu',
    ]);
  });

  it('starts with WASM without WebGL', () => {
    expect(backendOrder(null)).toEqual(['wasm', 'cpu']);
  });

  it('recognises software renderers by name only', () => {
    expect(isSoftwareRenderer('Google SwiftShader')).toBe(true);
    expect(isSoftwareRenderer('Mali-G78')).toBe(false);
  });
});
