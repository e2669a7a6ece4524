import { Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { TRAINING_ACTIONS, trainingActions, type TrainingAction } from '@shared/rules';
import type { ListedTraining } from '@shared/appApi';
import { utcToday } from '@shared/calendar/dates';
import { Button } from '@renderer/components/ui';
import { ACTION_WORDS } from './trainingWords';

type Move = (typeof TRAINING_ACTIONS)[TrainingAction];

/**
 * A row's actions in one menu, so the name column keeps the room: Edit, the changes the rulebook
 * allows from where the training stands and its dates today (no "Mark as passed" on a cancelled
 * one, nor on one not ended yet), then Delete. Each item is named by what it shows; the menu
 * names the training.
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
  // Today by this window's clock, as the expiry badges take it; the backend judges again by its own.
  const inMenu = trainingActions(training, utcToday(new Date()));
  return (
    <MenuTrigger>
      <Button aria-label={`Actions for ${training.name}`} className="button trainings-actions-button">
        <span aria-hidden="true">⋯</span>
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu
          className="menu"
          aria-label={`Actions for ${training.name}`}
          onAction={(key) => {
            if (key === 'edit') onEdit(training);
            else if (key === 'delete') onDelete(training);
            else onMove(training, TRAINING_ACTIONS[key as TrainingAction]);
          }}
        >
          <MenuItem id="edit" className="menu-item">
            Edit…
          </MenuItem>
          {inMenu.length > 0 && <Separator className="menu-separator" />}
          {inMenu.map((a) => (
            <MenuItem key={a} id={a} className="menu-item">
              Mark as {ACTION_WORDS[a].toLowerCase()}
            </MenuItem>
          ))}
          <Separator className="menu-separator" />
          <MenuItem id="delete" className="menu-item">
            Delete…
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
