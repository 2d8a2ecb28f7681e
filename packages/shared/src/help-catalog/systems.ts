import type { THelpPage } from './types.ts';

/** The Systems menu: groups of systems, systems, GTFS import. */
export const SYSTEM_HELP: THelpPage[] = [
  {
    url: '/mobile-system-groups',
    category: 'systems',
    'pt-PT': {
      title: 'Grupos de sistemas',
      contents: `<p>Um grupo reúne sistemas do mesmo tipo de serviço (por exemplo, as estações de um metro ou os sensores de uma câmara) e decide como aparecem no mapa: cor, ícone, camadas e zoom. É também a entrada do filtro do mapa e o destino de uma importação GTFS.</p>
<h2>Controlos principais</h2>
<ul>
<li><p><strong>Pesquisar grupos</strong> pelo nome e, nos <strong>Filtros</strong>, escolher o tipo de grupo ou as camadas no mapa; clique num título de coluna para ordenar.</p></li>
<li><p><strong>Novo grupo</strong>: abre o formulário de criação.</p></li>
<li><p>Em cada linha, <strong>Editar</strong> abre o grupo e <strong>Eliminar</strong> apaga-o, depois de confirmar.</p></li>
</ul>
<h2>Editar um grupo</h2>
<ol>
<li><p>Clique no nome do grupo.</p></li>
<li><p>Em <strong>Grupo</strong> mude o nome, a <strong>Entidade</strong> dona, o <strong>Grupo pai</strong> (para o tornar subgrupo) ou o ícone.</p></li>
<li><p>Em <strong>Apresentação no mapa</strong> ajuste a <strong>Cor</strong>, as <strong>Camadas no mapa</strong>, o agrupamento de pontos próximos e os <strong>Níveis de zoom em que o grupo aparece</strong>.</p></li>
<li><p>Carregue em <strong>Guardar</strong>: o mapa público passa a usar a nova apresentação.</p></li>
</ol>
<h2>Permissões</h2>
<p>WRITE_MOBILITY_GROUP para abrir esta página. Só edita os grupos da sua entidade e das entidades abaixo dela.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Um grupo com subgrupos ou com sistemas não pode ser eliminado: mova-os ou elimine-os primeiro. Um grupo que recebeu uma importação GTFS também fica preso a ela.</p></li>
<li><p>Zoom mínimo demasiado alto faz o grupo «desaparecer» do mapa quando se vê a região toda. Há dois pares de valores: com o grupo escolhido no filtro, e sem filtro.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'System groups',
      contents: `<p>A group gathers systems of one kind of service (say, a metro's stations or a city's sensors) and decides how they look on the map: color, icon, layers and zoom. It is also the map filter's entry and the target of a GTFS import.</p>
<h2>Main controls</h2>
<ul>
<li><p><strong>Search groups</strong> by name and, under <strong>Filters</strong>, choose the group type or the map layers; click a column heading to sort.</p></li>
<li><p><strong>New group</strong>: opens the creation form.</p></li>
<li><p>On each row, <strong>Edit</strong> opens the group and <strong>Delete</strong> removes it, once confirmed.</p></li>
</ul>
<h2>Editing a group</h2>
<ol>
<li><p>Click the group's name.</p></li>
<li><p>Under <strong>Group</strong> change the name, the owning <strong>Entity</strong>, the <strong>Parent group</strong> (to make it a sub-group) or the icon.</p></li>
<li><p>Under <strong>On the map</strong> adjust the <strong>Colour</strong>, the <strong>Map layers</strong>, clustering of nearby points and the <strong>Zoom levels at which the group shows</strong>.</p></li>
<li><p>Click <strong>Save</strong>: the public map uses the new look straight away.</p></li>
</ol>
<h2>Permissions</h2>
<p>WRITE_MOBILITY_GROUP to open this page. You edit only the groups of your entity and of the entities below it.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>A group with sub-groups or systems cannot be deleted: move or delete them first. A group that received a GTFS import is tied to it too.</p></li>
<li><p>A minimum zoom set too high makes the group “vanish” when the whole region is in view. There are two pairs of values: with the group chosen in the filter, and with no filter.</p></li>
</ul>`,
    },
  },
  {
    url: '/mobile-system-groups/create',
    category: 'systems',
    'pt-PT': {
      title: 'Criar um grupo de sistemas',
      contents: `<p>Crie um grupo antes de criar os seus sistemas ou de importar um ficheiro GTFS para ele.</p>
<h2>Passo a passo</h2>
<ol>
<li><p><strong>Nome</strong>: como aparece no filtro do mapa (por exemplo, «Metro do Porto»).</p></li>
<li><p><strong>Entidade</strong>: quem pode editar o grupo, os seus sistemas e as importações GTFS (os utilizadores dessa entidade e das que estão acima dela). Vazio: a sua entidade, ou num subgrupo a do grupo pai.</p></li>
<li><p><strong>Tipo de grupo</strong> (Estático, Dinâmico ou Virtual) e, se for um subgrupo, o <strong>Grupo pai</strong>.</p></li>
<li><p><strong>Cor</strong> (hexadecimal, como #0a6c74) e ícone. Sem ícone, o mapa usa a cor do grupo.</p></li>
<li><p><strong>Camadas no mapa</strong>: <strong>Camadas predefinidas</strong> desenha pontos e linhas com a cor e o ícone; <strong>Camadas personalizadas</strong> usa os <strong>Estilos das camadas (JSON)</strong> MapLibre que indicar; <strong>Sem camadas</strong> não desenha o grupo.</p></li>
<li><p>Opcional: <strong>Permitir sobreposição de ícones</strong>, <strong>Agrupar pontos próximos</strong> e os zooms mínimo e máximo.</p></li>
<li><p>Carregue em <strong>Criar grupo</strong>.</p></li>
</ol>
<h2>Cuidados</h2>
<ul>
<li><p>O <strong>Endereço dos metadados de mosaicos</strong> só é preciso para grupos com milhares de sistemas: a plataforma serve o seu em /api/mobility-system-groups/&lt;id&gt;/tiles.json.</p></li>
<li><p>Estilos JSON inválidos são recusados ao guardar, com a indicação do erro.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating a system group',
      contents: `<p>Create a group before creating its systems or importing a GTFS feed into it.</p>
<h2>Step by step</h2>
<ol>
<li><p><strong>Name</strong>: as the map's filter shows it (for instance “Metro do Porto”).</p></li>
<li><p><strong>Entity</strong>: who may edit the group, its systems and its GTFS imports (the users of that entity and of those above it). Empty: your entity, or for a sub-group its parent's.</p></li>
<li><p><strong>Group type</strong> (Static, Dynamic or Virtual) and, for a sub-group, the <strong>Parent group</strong>.</p></li>
<li><p><strong>Colour</strong> (hex, such as #0a6c74) and icon. Without an icon the map uses the group's color.</p></li>
<li><p><strong>Map layers</strong>: <strong>Default layers</strong> draws points and lines with the color and icon; <strong>Custom layers</strong> uses the MapLibre <strong>Layer styles (JSON)</strong> you give; <strong>No layers</strong> does not draw the group.</p></li>
<li><p>Optional: <strong>Allow icons to overlap</strong>, <strong>Cluster nearby points</strong> and the minimum and maximum zoom.</p></li>
<li><p>Click <strong>Create group</strong>.</p></li>
</ol>
<h2>Pitfalls</h2>
<ul>
<li><p>The <strong>Tile metadata URL</strong> is only needed for groups with thousands of systems: the platform serves its own at /api/mobility-system-groups/&lt;id&gt;/tiles.json.</p></li>
<li><p>Invalid JSON styles are refused on saving, with the error shown.</p></li>
</ul>`,
    },
  },
  {
    url: '/mobile-systems',
    category: 'systems',
    'pt-PT': {
      title: 'Sistemas de mobilidade',
      contents: `<p>Um sistema é um elemento da rede no mapa: uma <strong>Paragem</strong>, uma <strong>Carreira</strong> (linha) ou <strong>Outro</strong> (um sensor, um parque). As paragens e carreiras importadas de um ficheiro GTFS aparecem aqui também.</p>
<h2>Controlos principais</h2>
<ul>
<li><p><strong>Pesquisar sistemas por nome, descrição ou código</strong>.</p></li>
<li><p><strong>Filtros</strong>: por grupo, tipo de sistema e estado (ativo ou inativo). Os filtros e a página mantêm-se quando volta atrás.</p></li>
<li><p><strong>Novo sistema</strong>, e em cada linha <strong>Editar</strong> e <strong>Eliminar</strong>.</p></li>
</ul>
<h2>Editar um sistema</h2>
<ol>
<li><p>Clique no nome do sistema.</p></li>
<li><p>Altere o que precisa: descrição, localização no mapa, dias de serviço, sistemas relacionados, o painel do cartão, as propriedades e os parâmetros.</p></li>
<li><p>Em <strong>Imagens</strong> e <strong>Ficheiros</strong> junte fotografias (também 360°) e PDF; aparecem no cartão do sistema no mapa.</p></li>
<li><p>Carregue em <strong>Guardar</strong>.</p></li>
</ol>
<h2>Permissões</h2>
<p>WRITE_MOBILITY_SYSTEM. Só vê e edita os sistemas dos grupos da sua entidade e das entidades abaixo dela.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Um sistema importado por GTFS mostra o <strong>Código na origem dos dados</strong>: a próxima importação volta a escrever o nome, a posição e os horários. Altere antes o ficheiro GTFS.</p></li>
<li><p>Prefira desativar (<strong>Ativo</strong> desligado) a eliminar: as ocorrências e as regras ligadas ao sistema mantêm-se.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Mobility systems',
      contents: `<p>A system is one element of the network on the map: a <strong>Stop</strong>, a <strong>Route</strong> (line) or <strong>Other</strong> (a sensor, a car park). Stops and routes imported from a GTFS feed are listed here too.</p>
<h2>Main controls</h2>
<ul>
<li><p><strong>Search systems by name, description or code</strong>.</p></li>
<li><p><strong>Filters</strong>: by group, system type and status (active or inactive). The filters and the page are kept when you go back.</p></li>
<li><p><strong>New system</strong>, and on each row <strong>Edit</strong> and <strong>Delete</strong>.</p></li>
</ul>
<h2>Editing a system</h2>
<ol>
<li><p>Click the system's name.</p></li>
<li><p>Change what you need: description, location on the map, service days, related systems, the card dashboard, properties and parameters.</p></li>
<li><p>Under <strong>Images</strong> and <strong>Files</strong> attach photos (360° ones too) and PDFs; they show on the system's card on the map.</p></li>
<li><p>Click <strong>Save</strong>.</p></li>
</ol>
<h2>Permissions</h2>
<p>WRITE_MOBILITY_SYSTEM. You see and edit only the systems of groups belonging to your entity and the entities below it.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>A system imported from GTFS shows its <strong>Code in the data source</strong>: the next import writes its name, position and timetables again. Change the GTFS feed instead.</p></li>
<li><p>Prefer deactivating (switch <strong>Active</strong> off) to deleting: incidents and rules linked to the system are kept.</p></li>
</ul>`,
    },
  },
  {
    url: '/mobile-systems/create',
    category: 'systems',
    'pt-PT': {
      title: 'Criar um sistema de mobilidade',
      contents: `<p>Use este formulário para acrescentar ao mapa um elemento que não vem de um ficheiro GTFS, como um sensor, um parque ou uma paragem provisória.</p>
<h2>Passo a passo</h2>
<ol>
<li><p>Em <strong>Sistema</strong>: <strong>Nome</strong>, <strong>Tipo de sistema</strong>, <strong>Grupo</strong> e, se for parte de outro, o <strong>Sistema pai</strong>.</p></li>
<li><p>Em <strong>Localização</strong>: clique no mapa para colocar o ponto (ou, numa carreira, os pontos da linha) e arraste para acertar; também pode escrever a latitude e a longitude.</p></li>
<li><p>Em <strong>Serviço</strong>: os <strong>Dias de serviço</strong> (há atalhos para dias úteis, fim de semana e todos os dias) e <strong>Mostrar horários</strong>, para o cartão no mapa oferecer o horário.</p></li>
<li><p>Em <strong>Relações</strong>: os <strong>Sistemas relacionados</strong> e o <strong>Painel do cartão</strong> que o cartão abre.</p></li>
<li><p>Em <strong>Parâmetros</strong>: <strong>Adicionar parâmetro</strong> para cada dado a mostrar (texto, sim/não, lista, sensor IoT…). Num parâmetro <strong>Sensor IoT</strong> escolha o <strong>Leitor IoT</strong>: o valor passa a ser atualizado pelas leituras.</p></li>
<li><p>Carregue em <strong>Criar sistema</strong>.</p></li>
</ol>
<h2>Cuidados</h2>
<ul>
<li><p>Imagens e ficheiros só se juntam depois de criar o sistema: abra-o a seguir na lista.</p></li>
<li><p>Só pode escolher grupos da sua entidade e das entidades abaixo dela (permissão WRITE_MOBILITY_SYSTEM).</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating a mobility system',
      contents: `<p>Use this form to add to the map an element that does not come from a GTFS feed, such as a sensor, a car park or a temporary stop.</p>
<h2>Step by step</h2>
<ol>
<li><p>Under <strong>System</strong>: <strong>Name</strong>, <strong>System type</strong>, <strong>Group</strong> and, if it is part of another, the <strong>Parent system</strong>.</p></li>
<li><p>Under <strong>Location</strong>: click the map to place the point (or, for a route, the points of the line) and drag to adjust; you can also type the latitude and longitude.</p></li>
<li><p>Under <strong>Service</strong>: the <strong>Service days</strong> (with shortcuts for weekdays, weekend and every day) and <strong>Show timetables</strong>, so the card on the map offers the timetable.</p></li>
<li><p>Under <strong>Relations</strong>: the <strong>Related systems</strong> and the <strong>Card dashboard</strong> the card opens.</p></li>
<li><p>Under <strong>Parameters</strong>: <strong>Add parameter</strong> for each piece of data to show (text, yes/no, list, IoT sensor…). For an <strong>IoT sensor</strong> parameter choose the <strong>IoT reader</strong>: its value is then updated by the readings.</p></li>
<li><p>Click <strong>Create system</strong>.</p></li>
</ol>
<h2>Pitfalls</h2>
<ul>
<li><p>Images and files can only be attached once the system exists: open it from the list afterwards.</p></li>
<li><p>You can only choose groups of your entity and of the entities below it (WRITE_MOBILITY_SYSTEM permission).</p></li>
</ul>`,
    },
  },
  {
    url: '/import-gtfs',
    category: 'systems',
    'pt-PT': {
      title: 'Importar um ficheiro GTFS',
      contents: `<p>Um ficheiro GTFS (zip) traz as paragens, as carreiras e os horários de uma rede de transportes públicos. Ao importá-lo para um grupo, as paragens passam a sistemas do tipo Paragem e as carreiras do tipo Carreira, com os seus horários.</p>
<h2>Passo a passo</h2>
<ol>
<li><p>Em <strong>Nova importação</strong>, escolha o <strong>Grupo</strong> que recebe a rede e o ficheiro zip, e carregue em <strong>Carregar e verificar</strong>.</p></li>
<li><p>Leia o <strong>Relatório de validação</strong>: o resumo diz o período de serviço e o operador, quantos registos são novos, alterados ou removidos no grupo, e cada problema indica o ficheiro, a linha e a coluna.</p></li>
<li><p>Se não houver erros, carregue em <strong>Importar</strong>. A barra de progresso continua mesmo que feche a página, e recebe uma notificação no fim.</p></li>
</ol>
<h2>Controlos</h2>
<ul>
<li><p><strong>Cancelar importação</strong>: para uma importação a decorrer; o grupo mantém o horário atual.</p></li>
<li><p><strong>Histórico</strong>: as importações anteriores, com o resultado, o período de serviço e os erros e avisos; <strong>Abrir esta importação</strong> mostra o relatório.</p></li>
</ul>
<h2>Permissões</h2>
<p>IMPORT_GTFS_FILE, e o grupo tem de pertencer à sua entidade ou a uma entidade abaixo dela.</p>
<h2>Cuidados</h2>
<p>Nada muda até confirmar. Se a importação falhar ou for cancelada, o grupo mantém o horário anterior. As paragens e carreiras que o novo ficheiro já não tem são desativadas, não eliminadas. Os avisos não impedem a importação; os erros sim. Mais sobre o formato em <a href="https://gtfs.org/pt/documentation/schedule/reference/" target="_blank" rel="noopener noreferrer nofollow">gtfs.org</a>.</p>`,
    },
    'en-US': {
      title: 'Importing a GTFS feed',
      contents: `<p>A GTFS feed (zip) holds the stops, routes and timetables of a public transport network. Imported into a group, its stops become Stop systems and its routes Route systems, with their timetables.</p>
<h2>Step by step</h2>
<ol>
<li><p>Under <strong>New import</strong>, choose the <strong>Group</strong> that receives the network and the zip file, then click <strong>Upload and check</strong>.</p></li>
<li><p>Read the <strong>Validation report</strong>: the summary gives the service period and the operator, how many records are added, changed or removed in the group, and each problem names the file, the line and the column.</p></li>
<li><p>When the feed has no errors, click <strong>Import</strong>. The progress bar carries on even if you close the page, and a notification tells you when it is done.</p></li>
</ol>
<h2>Controls</h2>
<ul>
<li><p><strong>Cancel import</strong>: stops an import under way; the group keeps its current timetable.</p></li>
<li><p><strong>History</strong>: past imports with their outcome, service period, errors and warnings; <strong>Open this import</strong> shows its report.</p></li>
</ul>
<h2>Permissions</h2>
<p>IMPORT_GTFS_FILE, and the group must belong to your entity or to an entity below it.</p>
<h2>Pitfalls</h2>
<p>Nothing changes until you confirm. Should the import fail or be cancelled, the group keeps its previous timetable. Stops and routes the new feed no longer has are deactivated, not deleted. Warnings do not stop an import; errors do. More about the format at <a href="https://gtfs.org/documentation/schedule/reference/" target="_blank" rel="noopener noreferrer nofollow">gtfs.org</a>.</p>`,
    },
  },
];
