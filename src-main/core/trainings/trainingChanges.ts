import { defineMessage } from '@formatjs/intl';
import { givenFields } from '@shared/records/givenFields';
import { newTraining } from '@shared/records/newTraining';
import { withTrainingChanges } from '@shared/records/trainingChanges';
import { trainingMove } from '@shared/rules';
import type { TrainingCreate, TrainingPatch, TrainingUpdate } from '@shared/wire';
import { changeKind, WHAT_I_DID } from '../sync/changeKind';

// The queued changes of trainings. Their order matters only within one training: several may be in
// flight at once.

export const trainingChanges = {
  'training.create': changeKind<TrainingCreate, 'trainings'>({
    entity: 'trainings',
    name: defineMessage({ id: 'core.change.training.create', defaultMessage: 'New training' }),
    apply: (_r, op, actor) =>
      newTraining(op.payload, {
        id: op.entityId!,
        userId: op.payload.userId ?? actor.userId,
        at: op.createdAt,
        version: 0,
      }),
    request: (op) => ({ method: 'POST', path: 'api/trainings', json: op.payload }),
    checksVersion: false,
    accepted: 'record',
    role: 'create',
    orderFree: true,
    whatIDid: WHAT_I_DID.it,
    editable: true,
  }),
  'training.update': changeKind<TrainingUpdate, 'trainings'>({
    entity: 'trainings',
    name: defineMessage({ id: 'core.change.training.update', defaultMessage: 'Change to a training' }),
    apply: (r, op) => r && withTrainingChanges(r, op.payload, op.createdAt),
    request: (op, id) => ({ method: 'PUT', path: `api/trainings/${id}`, json: op.payload }),
    checksVersion: true,
    accepted: 'record',
    role: 'update',
    orderFree: true,
    whatIDid: WHAT_I_DID.change,
    editable: true,
  }),
  'training.patch': changeKind<TrainingPatch, 'trainings'>({
    entity: 'trainings',
    name: defineMessage({ id: 'core.change.training.patch', defaultMessage: 'Training status' }),
    // As the service applies it: an outcome not given follows the status (a cancelled one has none).
    apply: (r, op) => {
      if (!r) return r;
      const move = trainingMove(r, op.payload);
      return { ...r, ...(move.ok ? move.next : givenFields(op.payload)), updatedAt: op.createdAt };
    },
    request: (op, id) => ({ method: 'PATCH', path: `api/trainings/${id}`, json: op.payload }),
    checksVersion: true,
    accepted: 'record',
    orderFree: true,
    whatIDid: WHAT_I_DID.changeOfStatus,
    editable: false,
  }),
  'training.delete': changeKind<Record<string, never>, 'trainings'>({
    entity: 'trainings',
    name: defineMessage({ id: 'core.change.training.delete', defaultMessage: 'Deleted training' }),
    apply: () => null,
    request: (_op, id) => ({ method: 'DELETE', path: `api/trainings/${id}` }),
    checksVersion: true,
    accepted: 'gone',
    role: 'delete',
    orderFree: true,
    whatIDid: WHAT_I_DID.deleting,
    editable: false,
  }),
};
