import { ListBox, ListBoxItem, Popover } from 'react-aria-components';

export interface Choice {
  id: string;
  name: string;
}

/** The popover list of a Select or ComboBox (its items come from the field's context when not given). */
export function ChoiceList({ items }: { items?: readonly Choice[] }) {
  return (
    <Popover className="popover">
      <ListBox className="listbox" items={items}>
        {(item: Choice) => (
          <ListBoxItem id={item.id} className="option" textValue={item.name}>
            {item.name}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  );
}
