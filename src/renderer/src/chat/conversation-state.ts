// The chat's view-model lives in shared, where the terminal session reads it too.
export * from '../../../shared/conversation-state';
