// The rooms module's face: other modules import only this file.
export { createRoomsModule, type RoomsNeeds, type RoomsModule } from './module.js';
export { ParleyRoomBot } from './parley-room-bot.js';
export { parseIceServers } from './ice-servers.js';
// A recording that arrives in MediaRecorder slices (mock interviews record the same way).
export { openRoomRecording, type RoomRecording } from './recording.js';
