export { startOpenAiServer, type OpenAiServerOptions } from './openai-server.js';
export { startAnthropicServer, type AnthropicServerOptions } from './anthropic-server.js';
export { startGeminiServer, type GeminiServerOptions } from './gemini-server.js';
export {
  DEFAULT_TEST_KEY,
  defaultReply,
  type ProviderTestServer,
  type RecordedRequest,
  type ScriptedBehaviour,
} from './scripted.js';
