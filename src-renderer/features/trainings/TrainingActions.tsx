import { Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { TRAINING_ACTIONS, trainingActions, type TrainingAction } from '@shared/rules';
import type { ListedTraining } from '@shared/appApi';
import { Button } from '@renderer/components/ui';
import { ACTION_WORDS } from './trainingWords';

type Move = (typeof TRAINING_ACTIONS)[TrainingAction];

/**
 * A row's actions: Edit, and a menu of the changes the rulebook allows from where the training
 * stands (no "Mark as passed" on a cancelled one), then Delete.
 */
export function TrainingActions({
  training,
  onEdit,
  onMove,
  onDelete,
}: {
  training: ListedTraining;
  onEdit: (t: ListedTraining) => void;
  onMove: (t: ListedTraining, move: Move) => void;
  onDelete: (t: ListedTraining) => void;
}) {
  const inMenu = trainingActions(training);
  return (
    <div className="row-actions trainings-row-actions">
      <Button aria-label={`Edit ${training.name}`} onPress={() => onEdit(training)}>
        Edit
      </Button>
      <MenuTrigger>
        <Button aria-label={`More actions for ${training.name}`}>
          <span aria-hidden="true">⋯</span>
        </Button>
        <Popover className="popover" placement="bottom end">
          <Menu
            className="menu"
            aria-label={`Actions for ${training.name}`}
            onAction={(key) => {
              if (key === 'delete') onDelete(training);
              else onMove(training, TRAINING_ACTIONS[key as TrainingAction]);
            }}
          >
            {inMenu.map((a) => (
              <MenuItem key={a} id={a} className="menu-item" aria-label={ACTION_WORDS[a].name(training.name)}>
                Mark as {ACTION_WORDS[a].label.toLowerCase()}
              </MenuItem>
            ))}
            {inMenu.length > 0 && <Separator className="menu-separator" />}
            <MenuItem id="delete" className="menu-item" aria-label={`Delete ${training.name}`}>
              Delete…
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </div>
  );
}
