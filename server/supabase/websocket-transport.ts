import "server-only";
import type { WebSocketLikeConstructor } from "@supabase/realtime-js";
import WebSocket from "ws";

/**
 * Node 20 has no global WebSocket and supabase-js refuses to construct a client without one
 * (DESIGN §6), so server clients get `ws`. It is the implementation realtime-js itself documents;
 * only the two packages' event typings disagree (DOM Event vs ws Event), hence the one cast.
 */
export const WebSocketTransport = WebSocket as unknown as WebSocketLikeConstructor;
