import { CHAT_ALL_ROOMS_CHANNEL, type ChatRoomBusEvent, chatRoomChannel, type OutsideMsgPush } from '@byeol/contract';
import type { Bus } from '../../platform/bus.js';

/**
 * How the rest of the platform raises a custom event (SPEC §9) in live chat: an OUTSIDE_MSG for one room
 * (or only for one user's sockets in it), or for every room. Every chat node holding the room delivers it,
 * whichever process publishes (e.g. a gift paid through the API).
 */
export async function publishRoomEvent(bus: Bus, vk: string, push: OutsideMsgPush, toUserKey?: number): Promise<void> {
  const event: ChatRoomBusEvent = toUserKey ? { kind: 'event', push, to_user_key: toUserKey } : { kind: 'event', push };
  await bus.publish(chatRoomChannel(vk), event);
}

/** An OUTSIDE_MSG to every live room of every chat node (the operator notice 9991). */
export async function publishAllRoomsEvent(bus: Bus, push: OutsideMsgPush): Promise<void> {
  const event: ChatRoomBusEvent = { kind: 'event', push };
  await bus.publish(CHAT_ALL_ROOMS_CHANNEL, event);
}

/**
 * An OUTSIDE_MSG to one member's sockets in every room of every chat node (CHAT_ALL_ROOMS_CHANNEL with
 * `to_user_key`): what changed about the member outside any room, e.g. their own block list edited on
 * /mypage/blocking (230 'self', which also updates the list the node checks whispers against).
 */
export async function publishMemberEvent(bus: Bus, userKey: number, push: OutsideMsgPush): Promise<void> {
  const event: ChatRoomBusEvent = { kind: 'event', push, to_user_key: userKey };
  await bus.publish(CHAT_ALL_ROOMS_CHANNEL, event);
}
