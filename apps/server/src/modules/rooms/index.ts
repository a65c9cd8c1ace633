// The rooms module's face: other modules import only this file.
export { createRoomsModule, type RoomsNeeds, type RoomsModule } from './module.js';
export { ParleyRoomBot } from './parley-room-bot.js';
export { parseIceServers } from './ice-servers.js';
